import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30 (reminders and campaigns), the foundation: segments, message templates, recipients' preferences
 * and suppression, and the delivery log.
 * - `outreach_segments`: a saved filter over applications (name + filter JSON, validated by the segment
 *   DTO's allow-list before it is stored).
 * - `outreach_templates`: a message template (`key`, `kind` transactional | marketing, subject and body per
 *   language in `content` {en, es, zh-CN: {subject, body}}).
 * - `outreach_recipients`: one row per normalized e-mail address (trimmed, lower case): the marketing
 *   opt-out (and the message whose link did it) and the suppression after a hard bounce (reason and the
 *   server's answer), cleared when the address is verified again.
 * - `outreach_messages`: the delivery log, one row per message meant for a recipient. Sources `rule`,
 *   `campaign` and `test`; a row is claimed (inserted `queued`) before it is sent, and the partial unique
 *   indexes let a campaign claim each application once and a rule each (application, stage) once.
 *   `attempted_at` leases one delivery attempt at a time; `unsubscribe_token_hash` (sha256) resolves the
 *   marketing message's one-click unsubscribe link.
 */
export class Outreach1764220000000 implements MigrationInterface {
  name = 'Outreach1764220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outreach_segments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        filter jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(filter) = 'object'),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE outreach_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        kind text NOT NULL CHECK (kind IN ('transactional', 'marketing')),
        content jsonb NOT NULL CHECK (content ?& ARRAY['en', 'es', 'zh-CN']),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE outreach_recipients (
        email text PRIMARY KEY CHECK (email = lower(btrim(email)) AND length(email) BETWEEN 3 AND 254),
        marketing_opt_out_at timestamptz,
        opt_out_message_id bigint,
        suppressed_at timestamptz,
        suppressed_reason text CHECK (suppressed_reason IN ('hard-bounce')),
        suppressed_detail text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((suppressed_at IS NULL) = (suppressed_reason IS NULL))
      )`);
    await q.query(`
      CREATE TABLE outreach_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        application_id uuid REFERENCES applications(id) ON DELETE CASCADE,
        email text NOT NULL,
        template_id uuid NOT NULL REFERENCES outreach_templates(id) ON DELETE RESTRICT,
        kind text NOT NULL CHECK (kind IN ('transactional', 'marketing')),
        source_kind text NOT NULL CHECK (source_kind IN ('rule', 'campaign', 'test')),
        source_id uuid,
        stage_key text CHECK (stage_key ~ '^[a-z0-9][a-z0-9_-]{0,59}$'),
        locale text,
        subject text,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'bounced', 'suppressed')),
        suppressed_reason text CHECK (suppressed_reason IN ('marketing-opt-out', 'hard-bounce', 'withdrawn')),
        smtp_code integer,
        error text,
        attempts integer NOT NULL DEFAULT 0,
        attempted_at timestamptz,
        message_id text,
        unsubscribe_token_hash text UNIQUE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (source_kind = 'test' OR application_id IS NOT NULL),
        CHECK (source_kind <> 'campaign' OR source_id IS NOT NULL),
        CHECK (source_kind <> 'rule' OR (source_id IS NOT NULL AND stage_key IS NOT NULL))
      )`);
    // a campaign reaches an application once; a rule each (application, stage) once: claimed before sending
    await q.query(
      `CREATE UNIQUE INDEX outreach_messages_campaign_once ON outreach_messages (source_id, application_id) WHERE source_kind = 'campaign'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX outreach_messages_rule_stage_once ON outreach_messages (source_id, application_id, stage_key) WHERE source_kind = 'rule'`,
    );
    await q.query(`CREATE INDEX outreach_messages_application ON outreach_messages (application_id, created_at)`);
    await q.query(`CREATE INDEX outreach_messages_source ON outreach_messages (source_kind, source_id, status)`);
    await q.query(`CREATE INDEX outreach_messages_status ON outreach_messages (status, created_at)`);
    await q.query(`CREATE INDEX outreach_messages_email ON outreach_messages (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outreach_messages, outreach_recipients, outreach_templates, outreach_segments`);
  }
}
