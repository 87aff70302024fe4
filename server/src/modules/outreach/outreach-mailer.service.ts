import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { poolQuery } from '../../database/pg-pool.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { generateToken, hashToken } from '../../common/security/token-hash.js';
import { Application } from '../applications/application.entity.js';
import { MailService } from '../mail/mail.service.js';
import type { User } from '../users/user.entity.js';
import {
  MESSAGE_SUBJECT_PROPERTIES,
  MessageRendererService,
  type MessageSubject,
  type RenderedMessage,
} from './message-renderer.service.js';
import { MessageTemplate } from './message-template.entity.js';
import { OutreachMessage, type MessageStatus, type MessageSuppressedReason } from './outreach-message.entity.js';
import { OutreachMetricsService } from './outreach-metrics.service.js';
import { normalizedEmailSql, type OutreachRecipient } from './outreach-recipient.entity.js';
import { RecipientsService } from './recipients.service.js';
import { classifySmtpError } from './smtp-outcome.js';

/** How long one delivery attempt holds its message (ms): another `deliver` of the message waits it out. */
export const ATTEMPT_LEASE_MS = 10 * 60_000;

/**
 * A message as its attempt leased it: the columns the attempt uses (immutable once claimed but for `email`), its
 * template's current kind and content (a template edited while a campaign sends applies to the messages not yet
 * sent), the application it is about (its {@link MESSAGE_SUBJECT_PROPERTIES}; null when it is gone) and what the
 * recipient's address accepts.
 */
type LeasedMessage = Pick<OutreachMessage, 'id' | 'applicationId' | 'email' | 'templateId' | 'kind' | 'sourceKind' | 'createdAt'> & {
  template: Pick<MessageTemplate, 'kind' | 'content'>;
  application: MessageSubject | null;
  recipient: Pick<OutreachRecipient, 'suppressedAt' | 'marketingOptOutAt'>;
};

/** What an attempt came to, as recorded. */
interface OutreachOutcome {
  status: MessageStatus;
  suppressedReason?: MessageSuppressedReason;
  smtpCode?: number | null;
  error?: string;
  messageId?: string;
  sentAt?: Date;
  email?: string;
  /** The language and subject it was rendered in (an attempt that got as far). */
  locale?: Locale;
  subject?: string;
}

/** A leased message rendered for its recipient, ready to send. */
interface PreparedMessage {
  email: string;
  message: RenderedMessage;
  /** The rendered subject (a test send's prefixed). */
  subject: string;
}

/**
 * A FROM item that makes the statement's own (implicit) transaction commit asynchronously
 * (`synchronous_commit` off for it alone): the delivery's writes are visible to everyone at once, but their
 * commit does not wait for the WAL flush, which the applicants' saves then do not queue behind (issue 30,
 * "Speed"). See {@link OutreachMailerService} for what a database crash can lose.
 */
const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;

/** True for a message id as the API names it (a bigint as a decimal string). */
const isMessageId = (id: string): boolean => /^\d{1,18}$/.test(id);

/**
 * Where a message comes from (issue 30 item 6):
 * - `campaign` — claimed once per (campaign, application);
 * - `rule` — an automatic reminder rule, claimed once per (rule, application, stage);
 * - `test` — an admin's test send to their own address (never unique; links are examples).
 */
export type OutreachSource =
  { kind: 'campaign'; id: string } | { kind: 'rule'; id: string; stage: string } | { kind: 'test'; actor: Pick<User, 'id' | 'email'> };

/** One message to send: the application it is about, the template, where it comes from, and optionally another language. */
export interface OutreachSendRequest {
  applicationId: string;
  templateId: string;
  source: OutreachSource;
  /** Default: the application's language. */
  locale?: Locale;
}

/** A claimed message (a row of `outreach_messages`). */
export interface OutreachClaim {
  /** The message's id (bigint as a string): the new row, or the one claimed earlier. */
  messageId: string;
  /** False when the (campaign, application) or (rule, application, stage) had been claimed before: do not send again. */
  claimed: boolean;
}

/** What a delivery attempt came to. */
export interface OutreachDelivery {
  messageId: string;
  status: MessageStatus;
  suppressedReason: MessageSuppressedReason | null;
  smtpCode: number | null;
  error: string | null;
  /** True when a `failed` message may work later (SMTP 4xx, no answer): call {@link OutreachMailerService.deliver} again. */
  retryable: boolean;
  /** True when this call made the attempt (false: the message was already done, or another attempt holds it). */
  attempted: boolean;
}

/**
 * The one send path of outreach messages (issue 30 items 2, 5, 6; docs/api.md "Outreach"). Campaigns and
 * reminder rules claim a message, then deliver it:
 *
 * 1. {@link claim} inserts the `queued` row. The unique indexes make a campaign's (campaign, application) and
 *    a rule's (rule, application, stage) claimable once, across replicas and re-runs — `claimed: false`
 *    means someone already has it. Pass the caller's `manager` to claim inside its transaction.
 * 2. {@link deliver} leases a queued (or failed) message no attempt holds, in the one statement that reads what the
 *    attempt needs (one attempt at a time, {@link ATTEMPT_LEASE_MS}; no lease, no send; a marketing message's new
 *    unsubscribe token is stored, as sha256, with the lease), then decides it: a rule's or campaign's message for a
 *    withdrawn application → `suppressed` (withdrawn); an address suppressed after a hard bounce → `suppressed`
 *    (hard-bounce); a marketing message to an address that turned marketing off → `suppressed`
 *    (marketing-opt-out; test sends skip this check); otherwise it renders the template in the application's
 *    language (`MessageRendererService`; marketing messages get the RFC 8058 headers) and hands it to
 *    MailService: accepted → `sent`; an SMTP 5xx refusal of the address → `bounced` and the address suppressed;
 *    a 4xx or no answer → `failed`, `retryable`. The outcome, with what was rendered, ends the lease.
 *
 * {@link send} does both for one message. Every outcome is counted in /metrics (`OutreachMetricsService`).
 *
 * Durability: the claim commits synchronously (it is what makes a message once). The delivery's two writes (the
 * lease, carrying the unsubscribe token's hash; the outcome, carrying what was rendered) commit asynchronously: each
 * is visible to every other session at once (the lease excludes a second attempt as before) and survives the
 * portal's crash or kill -9 (the database has it), but a crash of the database server itself can lose its
 * last ~0.6 s of them (3 × `wal_writer_delay`), always the latest ones. A message whose outcome is lost that way
 * is queued again and sent again with the same Message-ID and a fresh unsubscribe token — the window a portal
 * crash between the mail server's acceptance and the record already has. In exchange a campaign's 50 messages a
 * second add no WAL flushes for the applicants' saves to wait behind (`npm run bench:campaign`).
 */
@Injectable()
export class OutreachMailerService {
  private readonly logger = new Logger(OutreachMailerService.name);
  /** The statement {@link leaseStatement} builds, once. */
  private leaseSql?: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly renderer: MessageRendererService,
    private readonly recipients: RecipientsService,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly metrics: OutreachMetricsService,
  ) {}

  /**
   * Claims and delivers one message.
   * @returns the delivery; for a message claimed before, its current state without a new attempt
   * @throws ApiException 404 APP-404 unknown application; 404 REQ-404 unknown template
   */
  async send(request: OutreachSendRequest): Promise<OutreachDelivery> {
    const { messageId, claimed } = await this.claim(request);
    return claimed ? this.deliver(messageId, { locale: request.locale }) : this.state(messageId);
  }

  /**
   * Claims a message: inserts its `queued` row unless the campaign (or rule stage) already has one for the
   * application.
   * @param manager a transaction to claim in (the row then exists only if it commits)
   * @throws ApiException 404 APP-404 unknown application; 404 REQ-404 unknown template
   */
  async claim(request: OutreachSendRequest, manager: EntityManager = this.db.manager): Promise<OutreachClaim> {
    const template = await this.template(request.templateId, manager);
    const app = await this.application(request.applicationId, manager);
    const source = request.source;
    const sourceId = source.kind === 'test' ? source.actor.id : source.id;
    const stage = source.kind === 'rule' ? source.stage : null;
    const email = source.kind === 'test' ? source.actor.email : app.email;
    const inserted = (await manager.query(
      `INSERT INTO outreach_messages (application_id, email, template_id, kind, source_kind, source_id, stage_key, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [app.id, email, template.id, template.kind, source.kind, sourceId, stage, source.kind === 'test' ? source.actor.id : null],
    )) as { id: string }[];
    if (inserted[0]) return { messageId: String(inserted[0].id), claimed: true };
    const [existing] = (await manager.query(
      `SELECT id FROM outreach_messages WHERE source_kind = $1 AND source_id = $2 AND application_id = $3
          AND ($1 <> 'rule' OR stage_key = $4)`,
      [source.kind, sourceId, app.id, stage],
    )) as { id: string }[];
    return { messageId: String(existing!.id), claimed: false };
  }

  /**
   * Claims a campaign's message for each of `applicationIds` in one statement (issue 30 item 4: an audience of
   * thousands): as {@link claim} with source `{kind: 'campaign', id: campaignId}` for each, the applications that
   * exist and were not claimed before; unknown ids are skipped.
   * @param manager a transaction to claim in
   * @returns how many were newly claimed
   * @throws ApiException 404 REQ-404 unknown template
   */
  async claimCampaign(
    campaignId: string,
    templateId: string,
    applicationIds: string[],
    manager: EntityManager = this.db.manager,
  ): Promise<number> {
    const template = await this.template(templateId, manager);
    const inserted = (await manager.query(
      `INSERT INTO outreach_messages (application_id, email, template_id, kind, source_kind, source_id)
       SELECT a.id, a.email, $2, $3, 'campaign', $1 FROM applications a WHERE a.id = ANY($4::uuid[]) ORDER BY a.id
       ON CONFLICT DO NOTHING RETURNING id`,
      [campaignId, template.id, template.kind, applicationIds],
    )) as unknown[];
    return inserted.length;
  }

  /**
   * One delivery attempt of a claimed message (queued, or failed before). Does nothing to a message already
   * sent, bounced or suppressed, or held by another attempt (`attempted: false`, its state).
   * @param options.locale render in this language instead of the application's
   * @param options.now the server's instant (lease and `sent_at`)
   * @throws ApiException 404 REQ-404 unknown message
   */
  async deliver(messageId: string, options: { locale?: Locale; now?: Date } = {}): Promise<OutreachDelivery> {
    const now = options.now ?? new Date();
    const leaseFree = new Date(now.getTime() - ATTEMPT_LEASE_MS);
    // a new unsubscribe token for every attempt; the lease stores its hash only when the template is marketing, so
    // the token resolves before the message can arrive
    const unsubscribeToken = generateToken();
    const [row] = isMessageId(messageId)
      ? this.leasedFrom((await poolQuery(this.db, this.leaseStatement(), [messageId, now, leaseFree, hashToken(unsubscribeToken)])).rows)
      : [];
    if (!row) return this.state(messageId);
    let prepared: PreparedMessage | OutreachOutcome;
    try {
      prepared = await this.prepare(row, options.locale, unsubscribeToken);
    } catch (error) {
      // a fault of ours (rendering, the database): the message is failed and retryable, never left in its lease
      await this.finish(row, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    if ('status' in prepared) return this.finish(row, prepared);
    try {
      return await this.attempt(row, prepared, now);
    } catch (error) {
      // a fault of ours (the database): the message stays failed and retryable, never stuck in its lease
      await this.finish(row, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** The message's current state, without an attempt. @throws ApiException 404 REQ-404 */
  async state(messageId: string): Promise<OutreachDelivery> {
    const row = isMessageId(messageId) ? await this.db.getRepository(OutreachMessage).findOneBy({ id: messageId }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return {
      messageId: row.id,
      status: row.status,
      suppressedReason: row.suppressedReason,
      smtpCode: row.smtpCode,
      error: row.error,
      retryable: row.status === 'failed' && (row.smtpCode === null || row.smtpCode < 500),
      attempted: false,
    };
  }

  /**
   * The one statement that leases a message and reads what its attempt needs (built once, from the entities'
   * columns): `$1` the message id, `$2` the attempt's instant, `$3` the oldest lease still held (older ones are
   * dead attempts), `$4` the hash of the attempt's unsubscribe token (stored only for a marketing template). It
   * leases only a queued or failed message no attempt holds (no row: nothing to do), and answers it with its
   * template, its application — the {@link MESSAGE_SUBJECT_PROPERTIES} alone (13 of its 50 columns; never the answers,
   * kilobytes of JSON: a campaign reads one application a message while applicants save theirs), as
   * `application.<property>` — and the recipient's state (`outreach_recipients` by {@link normalizedEmailSql}). The
   * lease commits asynchronously (see the class). Run through `poolQuery`: a named prepared statement, planned once
   * per connection.
   */
  private leaseStatement(): string {
    // aliased to the entity's property names: none of these columns has a transformer or a type TypeORM reads
    // differently from pg (text, integer, bigint as a string, timestamptz as a Date), so pg's values are the entity's
    this.leaseSql ??= `WITH leased AS (
        UPDATE outreach_messages m SET attempts = m.attempts + 1, attempted_at = $2, updated_at = now(),
               unsubscribe_token_hash = CASE WHEN t.kind = 'marketing' THEN $4 END
          FROM outreach_templates t, ${ASYNC_COMMIT}
         WHERE m.id = $1 AND t.id = m.template_id AND m.status IN ('queued', 'failed') AND (m.attempted_at IS NULL OR m.attempted_at < $3)
         RETURNING m.id, m.application_id, m.email, m.template_id, m.kind, m.source_kind, m.created_at, t.kind AS template_kind, t.content)
      SELECT l.id::text AS id, l.application_id AS "applicationId", l.email, l.template_id AS "templateId", l.kind,
             l.source_kind AS "sourceKind", l.created_at AS "createdAt", l.template_kind AS "template.kind", l.content AS "template.content",
             a.id AS "application", ${this.db
               .getMetadata(Application)
               .columns.filter((column) => (MESSAGE_SUBJECT_PROPERTIES as readonly string[]).includes(column.propertyName))
               .map((column) => `a."${column.databaseName}" AS "application.${column.propertyName}"`)
               .join(', ')},
             r.suppressed_at AS "recipient.suppressedAt", r.marketing_opt_out_at AS "recipient.marketingOptOutAt"
        FROM leased l LEFT JOIN applications a ON a.id = l.application_id
        LEFT JOIN outreach_recipients r ON r.email = ${normalizedEmailSql(`CASE WHEN l.source_kind = 'test' THEN l.email ELSE a.email END`)}`;
    return this.leaseSql;
  }

  /** The rows of {@link leaseStatement} as {@link LeasedMessage}s (its `x.y` columns nested). */
  private leasedFrom(rows: Record<string, unknown>[]): LeasedMessage[] {
    return rows.map((flat) => {
      const row: Record<string, unknown> = { template: {}, application: null, recipient: {} };
      for (const [key, value] of Object.entries(flat)) {
        const dot = key.indexOf('.');
        if (dot < 0) {
          if (key !== 'application') row[key] = value;
          else if (value !== null) row.application = {};
        } else if (key.startsWith('application.')) {
          if (row.application) (row.application as Record<string, unknown>)[key.slice(dot + 1)] = value;
        } else (row[key.slice(0, dot)] as Record<string, unknown>)[key.slice(dot + 1)] = value;
      }
      return row as LeasedMessage;
    });
  }

  /**
   * Decides a leased message: an outcome without sending (the application is gone, withdrawn, or the address
   * suppressed or opted out), or the rendered message (a marketing one with `unsubscribeToken`, whose hash the
   * lease stored).
   */
  private async prepare(
    row: LeasedMessage,
    locale: Locale | undefined,
    unsubscribeToken: string,
  ): Promise<PreparedMessage | OutreachOutcome> {
    const { template, application: app, recipient } = row;
    const test = row.sourceKind === 'test';
    if (!app) return { status: 'failed', error: 'the application no longer exists' };
    if (!test && app.status === 'withdrawn') return { status: 'suppressed', suppressedReason: 'withdrawn' };
    const email = test ? row.email : app.email;
    if (recipient.suppressedAt) return { status: 'suppressed', suppressedReason: 'hard-bounce', email };
    if (template.kind === 'marketing' && !test && recipient.marketingOptOutAt)
      return { status: 'suppressed', suppressedReason: 'marketing-opt-out', email };

    const message = await this.renderer.render(app, template, {
      locale,
      links: test ? 'example' : 'live',
      unsubscribeToken: template.kind === 'marketing' ? unsubscribeToken : undefined,
    });
    const subject = test ? this.i18n.t('mail.outreachTestSubject', message.locale, { subject: message.subject }) : message.subject;
    return { email, message, subject };
  }

  /** Hands a leased, rendered message to the mail server and records the outcome. */
  private async attempt(row: LeasedMessage, prepared: PreparedMessage, now: Date): Promise<OutreachDelivery> {
    const { email, message, subject } = prepared;
    const rendered = { email, locale: message.locale, subject };
    try {
      const receipt = await this.mail.send({
        to: email,
        subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        links: message.links,
        // the same Message-ID on every attempt: a resend after a crash is recognisably the same message (campaigns)
        idempotencyKey: `outreach-${row.id}-${row.createdAt.getTime()}`,
      });
      return await this.finish(row, { status: 'sent', messageId: receipt.messageId, sentAt: now, ...rendered });
    } catch (error) {
      const failure = classifySmtpError(error);
      if (failure.status === 'bounced') await this.recipients.suppress(email, failure.error);
      this.logger.warn(`Outreach message ${row.id} ${failure.status}: ${failure.smtpCode ?? 'no answer'}`);
      return this.finish(row, { status: failure.status, smtpCode: failure.smtpCode, error: failure.error, ...rendered });
    }
  }

  /**
   * Records a leased attempt's outcome (with what it rendered, if it did), ends its lease, counts it, and answers it
   * (a prepared statement, committed asynchronously).
   */
  private async finish(row: LeasedMessage, outcome: OutreachOutcome): Promise<OutreachDelivery> {
    await poolQuery(
      this.db,
      `UPDATE outreach_messages SET status = $2, suppressed_reason = $3, smtp_code = $4, error = $5, message_id = $6, sent_at = $7,
              email = coalesce($8, email), locale = coalesce($9, locale), subject = coalesce($10, subject), attempted_at = NULL,
              updated_at = now()
         FROM ${ASYNC_COMMIT}
        WHERE id = $1`,
      [
        row.id,
        outcome.status,
        outcome.suppressedReason ?? null,
        outcome.smtpCode ?? null,
        outcome.error?.slice(0, 500) ?? null,
        outcome.messageId ?? null,
        outcome.sentAt ?? null,
        outcome.email ?? null,
        outcome.locale ?? null,
        outcome.subject ?? null,
      ],
    );
    this.metrics.count(outcome.status, row.kind, row.sourceKind);
    return {
      messageId: row.id,
      status: outcome.status,
      suppressedReason: outcome.suppressedReason ?? null,
      smtpCode: outcome.smtpCode ?? null,
      error: outcome.error?.slice(0, 500) ?? null,
      retryable: outcome.status === 'failed' && (outcome.smtpCode === null || outcome.smtpCode === undefined || outcome.smtpCode < 500),
      attempted: true,
    };
  }

  private async template(id: string, manager: EntityManager = this.db.manager): Promise<MessageTemplate> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await manager.getRepository(MessageTemplate).findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }

  private async application(id: string, manager: EntityManager): Promise<Application> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await manager.getRepository(Application).findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    return row;
  }
}
