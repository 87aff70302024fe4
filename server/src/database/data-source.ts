import pg from 'pg';
import { DataSource, type DataSourceOptions, type MigrationInterface } from 'typeorm';
import { MIGRATIONS } from '../../../migrations/index.js';
import { Attachment } from '../modules/attachments/attachment.entity.js';
import { Payment } from '../modules/payments/payment.entity.js';
import { AccessToken } from '../modules/auth/access-token.entity.js';
import { Application } from '../modules/applications/application.entity.js';
import { ApplicationToken } from '../modules/token/application-token.entity.js';
import { Dropdown } from '../modules/dropdowns/dropdown.entity.js';
import { MaintenanceWindow } from '../modules/maintenance/maintenance-window.entity.js';
import { Program } from '../modules/programs/program.entity.js';
import { FormSession } from '../modules/session/session.entity.js';
import { TimeLog } from '../modules/timelog/time-log.entity.js';
import { User } from '../modules/users/user.entity.js';
import { OAuthIdentity } from '../modules/auth/oauth-identity.entity.js';
import { OAuthState } from '../modules/auth/oauth-state.entity.js';
import { EmailVerification } from '../modules/auth/email-verification.entity.js';
import { PasswordReset } from '../modules/auth/password-reset.entity.js';
import { AuditEntry } from '../modules/admin/audit-entry.entity.js';
import { AdvisoryLine } from '../modules/advisory/advisory-line.entity.js';
import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { DecisionLetterTemplate } from '../modules/decisions/decision-letter-template.entity.js';
import { Offering } from '../modules/programs/offering.entity.js';
import { Term } from '../modules/programs/term.entity.js';
import { DiscountCode } from '../modules/discount-codes/discount-code.entity.js';
import { WebhookEndpoint } from '../modules/webhooks/webhook-endpoint.entity.js';
import { Recommendation } from '../modules/recommendations/recommendation.entity.js';
import { ApplicationAssignment } from '../modules/reviews/application-assignment.entity.js';
import { ApplicationReview } from '../modules/reviews/application-review.entity.js';
import { ReviewCriterion } from '../modules/reviews/review-criterion.entity.js';
import { OUTREACH_ENTITIES } from '../modules/outreach/outreach-entities.js';
import { OutreachCampaign } from '../modules/outreach/outreach-campaign.entity.js';
import { OutreachRule } from '../modules/outreach/outreach-rule.entity.js';

/** Entities of issue 5 (accounts and the admissions office). */
const ACCOUNT_AND_ADMIN_ENTITIES = [PasswordReset, EmailVerification, OAuthIdentity, OAuthState, AuditEntry, AdvisoryLine];

/** Every entity of the app, for the DataSource and `TypeOrmModule.forFeature`. */
export const ENTITIES = [
  User,
  AccessToken,
  Dropdown,
  Program,
  MaintenanceWindow,
  Application,
  ApplicationToken,
  FormSession,
  TimeLog,
  ...ACCOUNT_AND_ADMIN_ENTITIES,
  Attachment,
  DiscountCode,
  Payment,
  ApiKey,
  DecisionLetterTemplate,
  Term,
  Offering,
  WebhookEndpoint,
  Recommendation,
  // issue 15 item 2: the reading queue
  ApplicationAssignment,
  ApplicationReview,
  ReviewCriterion,
  // issue 30: segments, message templates, recipients, the delivery log
  ...OUTREACH_ENTITIES,
  // issue 30 items 3, 4: reminder rules and campaigns
  OutreachRule,
  OutreachCampaign,
];

/**
 * TypeORM options for PostgreSQL at `url`. The schema comes only from `migrations/` (never
 * `synchronize`); `uuidExtension: 'pgcrypto'` so generated UUIDs use core `gen_random_uuid()`.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}

/** Arbitrary constant key of the advisory lock that serialises migrations across replicas. */
const MIGRATION_LOCK_KEY = 7_261_001;

/**
 * Applies pending migrations, holding a PostgreSQL advisory lock so that N replicas starting at once
 * migrate one at a time (DESIGN §11).
 * @returns names of the migrations applied now (empty when up to date)
 */
export async function runMigrations(url: string): Promise<string[]> {
  if ((await unappliedMigrations(url)).length === 0) return [];
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}

/**
 * Names of the migrations (`migrations/index.ts`) the database has not recorded yet, read with one plain
 * query before any TypeORM data source is built: on an existing database a start then skips building the
 * entity metadata and pool twice (issue 12, start-up). Applied migrations are never undone, so reading
 * without the lock is safe: when none is missing, none can be. A database without the table misses them all.
 * @param url the PostgreSQL URL
 * @throws whatever `pg` throws connecting or querying (other than the table not existing)
 */
export async function unappliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = await client.query<{ name: string }>('SELECT name FROM migrations').then(
      (result) => new Set(result.rows.map((row) => row.name)),
      (error: { code?: string }) => {
        if (error.code === UNDEFINED_TABLE) return new Set<string>();
        throw error;
      },
    );
    // TypeORM records a migration under its `name`, else its class name
    return MIGRATIONS.map((migration) => (new migration() as MigrationInterface).name ?? migration.name).filter(
      (name) => !applied.has(name),
    );
  } finally {
    await client.end();
  }
}

/** PostgreSQL's undefined_table: the migrations table does not exist yet (a new database). */
const UNDEFINED_TABLE = '42P01';
