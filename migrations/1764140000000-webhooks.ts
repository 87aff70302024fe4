import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 item 5 (integrators): webhooks from a transactional outbox.
 * - `webhook_endpoints`: where to send (https, or http to localhost outside production), which events, the
 *   Standard Webhooks signing secret (`whsec_…`; kept as is because signing needs it, never answered again),
 *   enabled or not.
 * - `webhook_events`: the outbox, one row per event, written in the transaction of the change that causes it;
 *   its id is the `webhook-id` every endpoint and every retry of the event gets.
 * - `webhook_deliveries`: one per event × subscribed enabled endpoint, written in the same transaction;
 *   `enqueued_at` says when its pg-boss job was last sent (null: never, which the sweeper picks up),
 *   `locked_until` guards one attempt at a time, `next_attempt_at` the back-off.
 * - `webhook_delivery_attempts`: the delivery log (status code, duration, error, time).
 */
export class Webhooks1764140000000 implements MigrationInterface {
  name = 'Webhooks1764140000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
        events text[] NOT NULL CHECK (cardinality(events) > 0 AND events <@ ARRAY['application.started',
          'application.submitted', 'payment.approved', 'payment.declined', 'documents.completed',
          'decision.released']::text[]),
        secret text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type text NOT NULL,
        application_id uuid,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_events_created_at ON webhook_events (created_at)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        enqueued_at timestamptz,
        locked_until timestamptz,
        last_status_code integer,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, endpoint_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at)`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        status_code integer,
        duration_ms integer NOT NULL,
        error text,
        manual boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, attempted_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts, webhook_deliveries, webhook_events, webhook_endpoints`);
  }
}
