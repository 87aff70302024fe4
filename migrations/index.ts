import { ApiKeys1764020000000 } from './1764020000000-api-keys.js';
import { AccountsAndAdmin1763930000000 } from './1763930000000-accounts-and-admin.js';
import { AddressCountry1764021000000 } from './1764021000000-address-country.js';
import { OAuthNonce1764150000000 } from './1764150000000-oauth-nonce.js';
import { MoneyCents1764151000000 } from './1764151000000-money-cents.js';
import { AdmissionCycles1764160000000 } from './1764160000000-admission-cycles.js';
import { LetterFullName1764170000000 } from './1764170000000-letter-full-name.js';
import { ChangeNotifications1764000000000 } from './1764000000000-change-notifications.js';
import { EmailVerification1764011000000 } from './1764011000000-email-verification.js';
import { ReferenceStatuses1764012000000 } from './1764012000000-reference-statuses.js';
import { FeatureTables1763900000000 } from './1763900000000-feature-tables.js';
import { Decisions1764120000000 } from './1764120000000-decisions.js';
import { InitialSchema1763800000000 } from './1763800000000-initial-schema.js';
import { DecisionReplies1764180000000 } from './1764180000000-decision-replies.js';
import { DeferralDecisions1764190000000 } from './1764190000000-deferral-decisions.js';
import { EnrollmentDeposits1764200000000 } from './1764200000000-enrollment-deposits.js';
import { LocalizedLabels1764130000000 } from './1764130000000-localized-labels.js';
import { PaymentSettlement1763960000000 } from './1763960000000-payment-settlement.js';
import { Webhooks1764140000000 } from './1764140000000-webhooks.js';
import { WaitlistRanks1764210000000 } from './1764210000000-waitlist-ranks.js';
import { Recommendations1764100000000 } from './1764100000000-recommendations.js';
import { ReadingQueue1764110000000 } from './1764110000000-reading-queue.js';
import { Outreach1764220000000 } from './1764220000000-outreach.js';
import { OutreachCampaigns1764230000000 } from './1764230000000-outreach-campaigns.js';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  FeatureTables1763900000000,
  AccountsAndAdmin1763930000000,
  PaymentSettlement1763960000000,
  ChangeNotifications1764000000000,
  EmailVerification1764011000000,
  ReferenceStatuses1764012000000,
  ApiKeys1764020000000,
  AddressCountry1764021000000,
  Recommendations1764100000000,
  ReadingQueue1764110000000,
  Decisions1764120000000,
  LocalizedLabels1764130000000,
  Webhooks1764140000000,
  OAuthNonce1764150000000,
  MoneyCents1764151000000,
  AdmissionCycles1764160000000,
  LetterFullName1764170000000,
  DecisionReplies1764180000000,
  DeferralDecisions1764190000000,
  EnrollmentDeposits1764200000000,
  WaitlistRanks1764210000000,
  Outreach1764220000000,
  OutreachCampaigns1764230000000,
];
