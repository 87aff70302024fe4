/**
 * Server messages in English: error codes (DESIGN §4) and validation constraints (class-validator
 * constraint names). Field messages do not repeat the field (the `errors` map is keyed by it);
 * `{{constraint1}}`… are the rule's arguments. Counted words are i18next plurals in `units`
 * (`x_one`/`x_other` in English; each language has its own plural categories, see {@link LocaleMessages}),
 * used inside a message by nesting: `$t(units.seconds, {"count": {{seconds}} })`.
 * The es and zh-CN files must have exactly these keys (checked by the compiler and by a test).
 */
export const en = {
  errors: {
    'REQ-400': 'The request could not be read. Please check what was sent.',
    'REQ-404': 'Not found.',
    'REQ-413': 'What was sent is too large.',
    'REQ-431': 'The request headers are too large.',
    'VAL-001': 'Some fields need your attention.',
    'AUTH-401': 'Please log in.',
    'AUTH-401-credentials': 'These credentials do not match our records.',
    'AUTH-403': 'You are not allowed to do this.',
    'AUTH-429': 'Too many attempts. Please wait $t(units.seconds, {"count": {{seconds}} }) and try again.',
    'TKN-000': 'The link is valid.',
    'TKN-001': 'This link is not valid. Please use the link from your most recent e-mail.',
    'TKN-002': 'This application can no longer be opened.',
    'TKN-003': 'This link has expired. You can ask for a new one.',
    'TKN-004': 'This recommendation has already been sent, so the link no longer works. Thank you.',
    'REC-404': 'No such recommender for this application.',
    'REC-409-received': 'This recommender has already answered; the recommendation can no longer be changed.',
    'REC-429': 'This request was sent several times already. Please wait {{minutes}} minutes before sending it again.',
    'APP-404': 'No such application.',
    'APP-409': 'This application was changed somewhere else (perhaps in another tab). Please choose which version to keep.',
    'APP-409-write': 'Your application has reached a stage where this can no longer be changed here. Please contact the admissions office.',
    'APP-422-program': 'This program is not offered to the selected gender.',
    'APP-422-semester': 'This semester is not offered for this program.',
    'APP-422-location': 'This location is not offered for this program and semester.',
    'APP-422-closed': 'Applications for this program and term are closed. Choose a term that is open; your answers are kept.',
    'APP-422-not-open-yet': 'Applications for this program and term open on {{date}}.',
    'MAI-002': 'The application form is offline for scheduled maintenance. Please come back later.',
    'MAI-422-order': 'The end must be after the start.',
    'MAI-422-datetime': 'This date and time does not exist in Eastern time.',
    'DRP-422-computed': 'This list is computed by the server and cannot be edited.',
    'DRP-422-duplicate': 'Each option value must be unique.',
    'USR-422-taken': 'This e-mail address is already registered.',
    'ATT-001': 'Please choose a file.',
    'ATT-002': 'This file is empty.',
    'ATT-003': 'This file is larger than {{max}} MiB.',
    'ATT-003-total': 'The documents of an application may total at most {{max}} MiB. Remove or replace a file first.',
    'ATT-004': 'This type of file is not accepted. Please upload a PDF, Word (DOC or DOCX), JPEG or PNG file.',
    'ATT-004-picture': 'The picture must be a JPEG or PNG image.',
    'ATT-005': 'This file appears to contain a virus and was refused.',
    'ATT-006': 'This PDF contains JavaScript (scripts), which is not accepted. Please print or export it to a new PDF and upload that.',
    'ATT-007':
      'This PDF contains an action that opens programs or files, which is not accepted. Please print or export it to a new PDF and upload that.',
    'ATT-008':
      'This PDF contains attached (embedded) files, which are not accepted. Please remove the attachments, or print it to a new PDF, and upload that.',
    'ATT-009':
      'This Word file contains macros or embedded code, which are not accepted. Please save it as a plain Word document (.docx) or as a PDF and upload that.',
    'ATT-010':
      'This file would expand to far more than its size when opened, so it was refused. Please save it again as an ordinary document, or as a PDF, and upload that.',
    'ATT-011':
      'This file is damaged or is not really the type it appears to be, so it cannot be opened. Please save or export it again and upload the new file.',
    'ATT-012':
      'This PDF is password-protected (encrypted), so it cannot be checked. Please upload a copy without a password, for example by printing it to a new PDF.',
    'ATT-404': 'No such document.',
    'ATT-409-confidential': 'This letter was sent by your recommender and is confidential, so it cannot be replaced.',
    'ATT-409-complete':
      'This application is complete, so its documents can no longer be removed. You can still replace a file; to change anything else, please contact the admissions office.',
    'ATT-422-field': 'This is not a document slot of the form.',
    'ATT-422-parentId-first': 'Send parentId before the file.',
    'ATT-422-one-file': 'Send exactly one file, in the field named file.',
    'DET-409': 'This application is not waiting for documents (its status is {{status}}).',
    'DET-422-missing': 'This document is required.',
    'PAY-001': 'The payment was declined. Please check the card details or use another card.',
    'PAY-001-held': 'The payment is being reviewed by the card processor. We will e-mail you when it is confirmed.',
    'PAY-002': 'The payment service could not be reached. You were not charged twice; please try again in a few minutes.',
    'PAY-002-unsettled':
      'A previous payment attempt for this application is still being confirmed with the card processor. Please try again in a few minutes.',
    'PAY-002-token': 'The card details could not be read. Please enter them again.',
    'PAY-003': 'This application has already been paid.',
    'PAY-004': 'This discount code is not valid.',
    'PAY-004-expired': 'This discount code has expired.',
    'PAY-004-used-up': 'This discount code has been used the maximum number of times.',
    'PAY-409-request': 'This payment request is already being processed.',
    'PAY-422-certify': 'Please certify and sign the application first (certify first).',
    'PAY-409-status': 'This application cannot be paid (its status is {{status}}).',
    'AUTH-429-locked':
      'Too many failed logins for this account. Please wait $t(units.seconds, {"count": {{seconds}} }) (about {{minutes}} min) or reset your password.',
    'PWD-422-token': 'This password reset link is invalid or has expired. Please ask for a new one.',
    'EMV-001': 'This verification link is invalid, has expired or was already used. Log in and ask for a new one on your home page.',
    'OAU-404': 'This sign-in provider is not configured.',
    'STS-409': 'This application cannot be changed this way in its current status.',
    'USR-409-last-admin': 'The last administrator cannot lose the admin role or be deleted.',
    'USR-409-self': 'You cannot delete your own account.',
    'CAT-409-in-use': 'Applications use this record by this name or place; archive it and create a new one instead.',
    'CAT-409-taken': 'A record with this name already exists.',
    'CAT-422-window': 'The window must close after it opens.',
    'CAT-422-round-keys': 'Each round needs its own key.',
    'CAT-422-unknown': 'No such record.',
    'DSC-409-used': 'This discount code has been used; expire or deactivate it instead of deleting it.',
    'DSC-422-taken': 'A discount code with this code already exists.',
    'DSC-422-percent': 'A percentage cannot exceed 100.',
    'KEY-422-expiry': 'The expiry must be in the future.',
    'WHK-409': 'This delivery is being attempted right now. Please try again in a moment.',
    'WHK-422-url': 'Enter an https:// address (http:// is accepted only for localhost outside production).',
    'WHK-422-private': 'This address is, or leads to, a private or internal network address. Enter the receiver’s public https:// address.',
    'SRV-503': 'The service is not ready. Please try again shortly.',
    'SRV-500': 'Something went wrong on our side. Please try again.',
    'APP-422-incomplete': 'The application is not complete yet. Please answer the fields listed.',
    'REV-422-criterion': 'This is not one of the review criteria.',
    'REV-422-rating': 'Must be a whole number from 1 to 5.',
    'REV-422-missing': 'Please rate this criterion.',
    'ASG-422-reader': 'Applications can be assigned only to readers and administrators.',
    'ASG-422-target': 'Choose the applications either by their ids or by a filter.',
    'DEC-404': 'There is no decision to show yet.',
    'RPL-409-no-reply': 'This decision does not ask for a reply.',
    'RPL-422-choice': 'This answer is not one of the choices for your decision.',
    'RPL-422-late': 'The reply deadline passed on {{deadline}}. Please contact the admissions office.',
    'RPL-422-reason': 'Please choose a reason from the list.',
    'RPL-422-deferral-term': 'Please choose a semester from the list of semesters you may defer to.',
    'DFR-409-not-pending': 'This application has no deferral request waiting for an answer.',
    'DFR-409-target': 'The semester asked for is no longer offered for this program.',
    'DEC-409-released': 'This decision has been released; rescind it before recording another.',
    'DEC-409-undecided': 'Some applications have no decision to release, or theirs was already released.',
    'DEC-422-merge-field': 'Unknown merge field: {{fields}}. Use only {{allowed}}.',
    'DEC-422-pdf': 'This letter cannot be made into a PDF in its language. Please print the page instead.',
  },
  messages: {
    emailVerified: 'Thank you: your e-mail address is verified.',
    emailVerificationSent: 'We have sent a new verification link to {{email}}. Please check your e-mail.',
    emailAlreadyVerified: 'Your e-mail address is already verified.',
    passwordResetSent: 'If an account exists for this e-mail address, we have sent a link to reset the password.',
    passwordReset: 'Your password has been reset. Please log in.',
    continueSent: 'If this address has an open application, we have sent it a link to continue. Please check your e-mail.',
  },
  mail: {
    recommendation_requestSubject: '{{applicantName}} asks you for a recommendation',
    recommendation_requestText:
      'Dear {{recommenderName}},\n\n{{applicantName}} is applying for {{program}} ({{semester}}) and has named you as a recommender.\n\nPlease open this link to upload a letter or answer a short form; no account is needed:\n{{link}}\n\nThe link is personal to you and works until {{expires}}. If you do not know the applicant, you can ignore this e-mail.',
    recommendation_reminderSubject: 'Reminder: {{applicantName}} is waiting for your recommendation',
    recommendation_reminderText:
      'Dear {{recommenderName}},\n\n{{applicantName}} asked you for a recommendation for {{program}} ({{semester}}), and we have not received it yet.\n\nPlease open this link to upload a letter or answer a short form:\n{{link}}\n\nThis link replaces the one in earlier e-mails and works until {{expires}}.',
    recommendation_applicantReminderSubject: 'We reminded {{recommenderName}} about your recommendation',
    recommendation_applicantReminderText:
      'Dear {{greetingName}},\n\n{{recommenderName}} has not yet answered your request for a recommendation for {{program}} ({{semester}}), so we sent a reminder (number {{reminder}}).\n\nYou can see where each recommendation stands, resend a request or name another recommender on the references step of your application or on your home page.',
    verifySubject: 'Please confirm your e-mail address',
    verifyText:
      'Hello {{name}},\n\nPlease confirm that this is your e-mail address by opening this link within $t(units.hours, {"count": {{hours}} }):\n\n{{link}}\n\nUntil you do, applications started with this address are not shown in your account. If you did not create an account at the admissions portal, you can ignore this e-mail.',
    passwordResetSubject: 'Reset your password',
    passwordResetText:
      'Hello {{name}},\n\nWe received a request to reset the password of your admissions portal account. Open this link within $t(units.minutes, {"count": {{minutes}} }) to choose a new password:\n\n{{link}}\n\nIf you did not ask for this, you can ignore this e-mail: your password stays the same.',
    receiptSubject: 'Application received — reference {{referenceNumber}}',
    receiptGreeting: 'Dear {{name}},',
    receiptIntro: 'Thank you. We received your application for {{program}} ({{semester}}).',
    receiptTitle: 'Receipt',
    receiptReference: 'Reference number: {{value}}',
    receiptAmount: 'Application fee: {{value}}',
    receiptLateFee: 'Late fee: {{value}}',
    receiptDiscount: 'Discount: {{value}}',
    receiptTotal: 'Total: {{value}}',
    receiptCard: 'Card: ending in {{value}}',
    receiptTransaction: 'Transaction ID: {{value}}',
    receiptDate: 'Date: {{value}}',
    receiptWaived: 'The application fee was waived.',
    receiptNext: 'Next, please upload your documents on the further-details form:',
    receiptClosing: 'The Admissions Office',
    deadlineText: 'Please submit your application by {{deadline}}.',
    startSubject: 'Your application for {{program}}: continue any time',
    startText:
      'Dear {{greetingName}},\n\nThank you for starting your application for {{program}} ({{semester}}). Your reference number is {{referenceNumber}}.\n\nEverything you enter is saved. To continue where you left off, open this link:\n{{link}}\n\nThe link is personal: please do not share it. It is valid for $t(units.days, {"count": {{days}} }); after that you can ask for a new one at {{continueUrl}}.',
    continueSubject: 'Your link to continue your application',
    continueText:
      'Dear {{greetingName}},\n\nHere is the link to continue your application for {{program}} ({{semester}}), reference number {{referenceNumber}}:\n{{link}}\n\nIf you did not ask for this e-mail, you can ignore it.',
    detailsSubject: 'Your link to finish your application documents',
    detailsText:
      'Dear {{greetingName}},\n\nYour application for {{program}} ({{semester}}), reference number {{referenceNumber}}, has been submitted. To upload or finish your documents, open this link:\n{{link}}\n\nIf you did not ask for this e-mail, you can ignore it.',
    decisionSubject: 'A decision on your application is available',
    decisionText:
      'Dear {{greetingName}},\n\nA decision on your application for {{program}} ({{semester}}), reference number {{referenceNumber}}, is now available. To read it, open this link:\n{{link}}',
    replyReminderSubject: 'Please reply to your admission decision by {{replyBy}}',
    replyReminderText:
      'Dear {{greetingName}},\n\nYou have not yet replied to the admission decision on your application for {{program}} ({{semester}}), reference number {{referenceNumber}}. Please reply by {{replyBy}}. To read the letter and reply, open this link:\n{{link}}',
    decisionLoginText: 'You can also log in and see it on your home page.',
    deferralApprovedSubject: 'Your request to start in {{toSemester}} was approved',
    deferralApprovedText:
      'Dear {{greetingName}},\n\nYour request to start your studies in {{program}} in {{toSemester}} instead of {{fromSemester}} was approved. Reference number {{referenceNumber}}.{{noteText}}\n\nTo see your decision and confirm your place for the new semester, open this link:\n{{link}}',
    deferralDeniedSubject: 'Your request to start in {{toSemester}} was declined',
    deferralDeniedText:
      'Dear {{greetingName}},\n\nYour request to start your studies in {{program}} in {{toSemester}} instead of {{fromSemester}} was declined. Reference number {{referenceNumber}}.{{noteText}}\n\nYour offer for {{fromSemester}} still stands: please reply to it again. To see your decision and reply, open this link:\n{{link}}',
    deferralNoteText: '\n\nNote from the admissions office: {{note}}',
    completeSubject: 'Your application file is complete',
    completeText:
      'Dear {{greetingName}},\n\nEvery document of your application for {{program}} ({{semester}}), reference number {{referenceNumber}}, has arrived: your file is complete and goes to the admissions office for review. You do not need to do anything else. To see your documents, open this link:\n{{link}}',
  },
  semesters: { Spring: 'Spring {{year}}', Summer: 'Summer {{year}}', Fall: 'Fall {{year}}' },
  validation: {
    isDefined: 'This field is required.',
    isNotEmpty: 'This field is required.',
    isString: 'Must be text.',
    isBoolean: 'Must be yes or no.',
    isInt: 'Must be a whole number.',
    maxDecimalPlaces: 'At most {{constraint1}} decimal places.',
    tooDeep: 'Nested too deeply.',
    prototypeKey: 'This name is not allowed.',
    unstorableText: 'Contains characters that cannot be saved (a NUL character or a broken emoji).',
    multipart: 'Send the file as a multipart/form-data upload.',
    isNumber: 'Must be a number.',
    isEmail: 'Must be a valid e-mail address.',
    isIn: 'Must be one of the listed options.',
    isEnum: 'Must be one of the listed options.',
    isUUID: 'This is not a valid identifier.',
    isObject: 'Must be an object.',
    isArray: 'Must be a list.',
    isISO8601: 'Must be a date and time such as 2026-01-31T09:30:00-05:00.',
    isUsDate: 'Must be a real date written MM/DD/YYYY.',
    isIsoDate: 'Must be a real date written YYYY-MM-DD.',
    isClockTime: 'Must be a time written HH:mm (24-hour).',
    isUsZip: 'Must be a ZIP code such as 11230 or 11230-1234.',
    isPhone: 'Must be a phone number.',
    isLocalizedLabel: 'Must be a label: text, or {en, es, zh-CN} with an English label (200 characters at most each).',
    isTimeZone: 'Must be an IANA time zone, such as America/New_York.',
    postalCode: 'Not a valid postal code for {{country}}.',
    phoneNumber: 'Not a valid phone number for {{country}}. For a number of another country, start with + and its country code.',
    onlyInUs: 'Only asked for an address in the United States.',
    onlyOutsideUs: 'Only asked for an address outside the United States.',
    isLocale: 'Must be en, es or zh-CN.',
    isStepNumber: 'Must be a step number from 1 to 8.',
    maxLength: 'Must be at most {{constraint1}} characters.',
    minLength: 'Must be at least {{constraint1}} characters.',
    min: 'Must be at least {{constraint1}}.',
    max: 'Must be at most {{constraint1}}.',
    arrayMaxSize: 'May hold at most {{constraint1}} items.',
    arrayMinSize: 'Must hold at least {{constraint1}} items.',
    matches: 'This is not in the expected format.',
    equalsField: 'Must match {{constraint1}}.',
    whitelistValidation: 'This is not a known field.',
    nestedValidation: 'This is not valid.',
    isPastUsDate: 'Must be a real date written MM/DD/YYYY, not in the future.',
    isCeebCode: 'Must be a CEEB code of 4 to 6 digits.',
    equals: 'Please confirm this.',
    required: 'This field is required.',
    onlyWhenMarried: 'Only asked when the marital status is Married.',
    onlyWhenEmployed: 'Only asked when you are currently employed.',
    onlyWithOther: 'Only asked when “Other” is chosen.',
    signatureMismatch: 'The signature must be your first and last name as given in the application.',
    signatureDate: "Must be today's date.",
    unknown: 'This is not valid.',
  },
  units: {
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    hours_one: '{{count}} hour',
    hours_other: '{{count}} hours',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
  },
};

/** The shape of the English messages. */
export type Messages = typeof en;

/** A CLDR plural category, as `Intl.PluralRules` and i18next name them. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** `T` with each plural group (`x_one` + `x_other`) given in the plural categories `C` instead. */
type Pluralized<T, C extends PluralCategory> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${C}` : K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : Pluralized<T[K], C>;
};

/**
 * The shape another language's messages must have: the English keys, with plural groups in that
 * language's categories (Spanish `one`, `many`, `other`; Chinese `other` only).
 */
export type LocaleMessages<C extends PluralCategory> = Pluralized<Messages, C>;
