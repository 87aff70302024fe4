import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ParsedListQuery } from '../../common/http/simple-rest.js';
import type { WebhookApplicationSummary, WebhookEventType, WebhookPayload } from './webhook-events.js';

/** A delivery claimed for one attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  eventCreatedAt: Date;
  payload: WebhookPayload;
  url: string;
  secret: string;
  enabled: boolean;
}

/** One row of the delivery list, as stored. */
export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  endpoint_id: string;
  endpoint_url: string;
  application_id: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
  payload: WebhookPayload;
}

/** One logged try. */
export interface AttemptRow {
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  manual: boolean;
}

/** Sort fields of the delivery list (wire name → column). */
export const DELIVERY_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'd.created_at',
  status: 'd.status',
  attempts: 'd.attempts',
  lastStatusCode: 'd.last_status_code',
  eventType: 'e.type',
};

const DELIVERY_SELECT = `
  SELECT d.id, d.event_id, e.type AS event_type, d.endpoint_id, w.url AS endpoint_url, e.application_id, d.status,
         d.attempts, d.last_status_code, d.last_error, d.next_attempt_at, d.delivered_at, d.created_at, e.payload
    FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id
    JOIN webhook_endpoints w ON w.id = d.endpoint_id`;

/** Data access of the outbox, the deliveries and their log (SQL on the app's PostgreSQL). */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The application summary every payload carries, read inside the caller's transaction. */
  async applicationSummary(manager: EntityManager, applicationId: string): Promise<WebhookApplicationSummary | null> {
    const rows = (await manager.query(
      `SELECT id, reference_number AS "referenceNumber", email, first_name AS "firstName", last_name AS "lastName",
              field_of_interest AS "fieldOfInterest", semester, location, status, payment_status AS "paymentStatus"
         FROM applications WHERE id = $1`,
      [applicationId],
    )) as WebhookApplicationSummary[];
    return rows[0] ? { ...rows[0], referenceNumber: String(rows[0].referenceNumber) } : null;
  }

  /**
   * Writes the event and one pending delivery per enabled endpoint subscribed to its type, in `manager`'s
   * transaction; nothing when no endpoint wants it. @returns the event id (null: none) and how many deliveries
   */
  async insertEvent(
    manager: EntityManager,
    type: WebhookEventType,
    applicationId: string | null,
    data: Record<string, unknown>,
  ): Promise<{ eventId: string | null; deliveries: number }> {
    const endpoints = (await manager.query(`SELECT id FROM webhook_endpoints WHERE enabled AND $1 = ANY(events) FOR SHARE`, [
      type,
    ])) as unknown[];
    if (!endpoints.length) return { eventId: null, deliveries: 0 };
    const [event] = (await manager.query(
      `INSERT INTO webhook_events (type, application_id, payload)
       VALUES ($1, $2, jsonb_build_object('type', $1::text, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', $3::jsonb))
       RETURNING id`,
      [type, applicationId, JSON.stringify(data)],
    )) as { id: string }[];
    const created = (await manager.query(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id)
       SELECT $1, id FROM webhook_endpoints WHERE enabled AND $2 = ANY(events)
       RETURNING id`,
      [event.id, type],
    )) as unknown[];
    return { eventId: event.id, deliveries: created.length };
  }

  /**
   * Marks as queued (and answers) pending deliveries that need a job: never queued, or due for longer than
   * `staleSeconds` with their last job queued longer ago than that and no attempt in hand (a lost job).
   * Rows another transaction holds are skipped.
   */
  async claimUnqueued(staleSeconds: number, limit = 500): Promise<{ id: string; nextAttemptAt: Date }[]> {
    const rows = (await this.dataSource.query(
      `UPDATE webhook_deliveries d SET enqueued_at = now()
        WHERE d.id IN (
          SELECT id FROM webhook_deliveries
           WHERE status = 'pending'
             AND (locked_until IS NULL OR locked_until < now())
             AND (enqueued_at IS NULL
                  OR (enqueued_at < now() - make_interval(secs => $1) AND next_attempt_at < now() - make_interval(secs => $1)))
           ORDER BY next_attempt_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.next_attempt_at`,
      [staleSeconds, limit],
    )) as [{ id: string; next_attempt_at: Date }[], number];
    return rows[0].map((r) => ({ id: r.id, nextAttemptAt: r.next_attempt_at }));
  }

  /**
   * Claims a delivery for one attempt for `lockSeconds`: pending and due (or any state when `manual`), and
   * not in another attempt's hands. @returns null when it is not to be tried now
   */
  async claim(id: string, lockSeconds: number, manual: boolean): Promise<ClaimedDelivery | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2), updated_at = now()
         FROM webhook_events e, webhook_endpoints w
        WHERE d.id = $1 AND e.id = d.event_id AND w.id = d.endpoint_id
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND ($3 OR (d.status = 'pending' AND d.next_attempt_at <= now() + interval '1 second'))
        RETURNING d.id, d.event_id, d.status, d.attempts, e.created_at, e.payload, w.url, w.secret, w.enabled`,
      [id, lockSeconds, manual],
    )) as [Record<string, unknown>[], number];
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      eventId: row.event_id as string,
      status: row.status as ClaimedDelivery['status'],
      attempts: row.attempts as number,
      eventCreatedAt: row.created_at as Date,
      payload: row.payload as WebhookPayload,
      url: row.url as string,
      secret: row.secret as string,
      enabled: row.enabled as boolean,
    };
  }

  /**
   * Logs an attempt and records its outcome on the delivery, releasing the claim.
   * @param next `succeeded`, `failed`, or the time of the next automatic try (stays pending)
   */
  async finish(
    id: string,
    attempt: { statusCode: number | null; durationMs: number; error: string | null; manual: boolean },
    next: 'succeeded' | 'failed' | Date,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, status_code, duration_ms, error, manual) VALUES ($1, $2, $3, $4, $5)`,
        [id, attempt.statusCode, attempt.durationMs, attempt.error, attempt.manual],
      );
      const status = next instanceof Date ? 'pending' : next;
      await manager.query(
        `UPDATE webhook_deliveries
            SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4, locked_until = NULL,
                next_attempt_at = COALESCE($5, next_attempt_at), delivered_at = CASE WHEN $2 = 'succeeded' AND $3 BETWEEN 200 AND 299 THEN now() ELSE delivered_at END,
                enqueued_at = CASE WHEN $2 = 'pending' THEN NULL ELSE enqueued_at END, updated_at = now()
          WHERE id = $1`,
        [id, status, attempt.statusCode, attempt.error, next instanceof Date ? next : null],
      );
    });
  }

  /** Stops the pending deliveries of an endpoint (disabled): they become `failed` with a reason. */
  async stopPending(manager: EntityManager, endpointId: string, reason: string): Promise<void> {
    await manager.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, updated_at = now() WHERE endpoint_id = $1 AND status = 'pending'`,
      [endpointId, reason],
    );
  }

  /** Fails one delivery without an attempt (its endpoint was disabled after the event), releasing the claim. */
  async fail(id: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, locked_until = NULL, updated_at = now() WHERE id = $1`,
      [id, reason],
    );
  }

  /** A page of deliveries. Filters: `endpointId`, `status`, `eventType`, `applicationId`, `eventId`. */
  async page(query: ParsedListQuery): Promise<{ rows: DeliveryRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const uuid = /^[0-9a-f-]{36}$/i;
    const filters: [string, string, RegExp | null][] = [
      ['endpointId', 'd.endpoint_id', uuid],
      ['applicationId', 'e.application_id', uuid],
      ['eventId', 'd.event_id', uuid],
      ['status', 'd.status', null],
      ['eventType', 'e.type', null],
    ];
    for (const [key, column, pattern] of filters) {
      const value = query.filter[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || (pattern && !pattern.test(value))) return { rows: [], total: 0 };
      params.push(value);
      where.push(`${column} = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id ${clause}`,
      params,
    )) as { n: number }[];
    const rows = (await this.dataSource.query(
      `${DELIVERY_SELECT} ${clause}
        ORDER BY ${DELIVERY_SORT_COLUMNS[query.sortField]} ${query.sortOrder} NULLS LAST, d.id
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, query.skip, query.take],
    )) as DeliveryRow[];
    return { rows, total: n };
  }

  /** One delivery, or null. */
  async delivery(id: string): Promise<DeliveryRow | null> {
    const rows = (await this.dataSource.query(`${DELIVERY_SELECT} WHERE d.id = $1`, [id])) as DeliveryRow[];
    return rows[0] ?? null;
  }

  /** The delivery log of one delivery, oldest first. */
  async attempts(deliveryId: string): Promise<AttemptRow[]> {
    return (await this.dataSource.query(
      `SELECT attempted_at, status_code, duration_ms, error, manual FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempted_at, id`,
      [deliveryId],
    )) as AttemptRow[];
  }
}
