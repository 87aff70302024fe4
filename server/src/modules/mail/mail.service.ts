import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import type MailComposer from 'nodemailer/lib/mail-composer';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MetricsService } from '../observability/metrics.service.js';

/** One e-mail to send. `text` is required (every message has a plain-text body); `html` is optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links in the message, written to the log when mail goes to files (DESIGN §2 e-mail default). */
  links?: string[];
  /** Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` of marketing messages (issue 30, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Makes the Message-ID `<key@MAIL_FROM's domain>` instead of a random one: a message sent again (a retry after
   * a crash between the server's acceptance and its record) is then recognisably the same message
   * (`[a-z0-9.-]`, e.g. `outreach-42-1767225600000`; issue 30).
   */
  idempotencyKey?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML body of a plain-text message: paragraphs at blank lines, `<br>` at line breaks, and each of
 * `links` made clickable.
 */
export function plainTextToHtml(text: string, links: string[] = []): string {
  let html = `<p>${escapeHtml(text)
    .split('\n\n')
    .map((p) => p.replace(/\n/g, '<br>'))
    .join('</p><p>')}</p>`;
  for (const link of links) html = html.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`);
  return html;
}

/** What happened to a message: its Message-ID and, for the file transport, the `.eml` path. */
export interface MailReceipt {
  messageId: string;
  file?: string;
}

/**
 * Sends e-mail through nodemailer (DESIGN §2 "e-mail").
 * - `SMTP_URL` set (`smtp://user:pass@host:port` or `smtps://…`): real SMTP delivery.
 * - Unset: each message is rendered to RFC 822 and written as `<DATA_DIR>/mail/<time>-<id>.eml` (in
 *   production only with MAIL_TO_FILES=true); in development its address and links are logged too, so a
 *   developer can follow a continue or reset link without a mail server — never elsewhere (tokens).
 * Errors: a failed SMTP delivery rejects with nodemailer's error; callers decide whether that fails the request.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private transporterPromise: Promise<Transporter> | undefined;
  private composerPromise: Promise<typeof MailComposer> | undefined;
  private readonly mailDir: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.mailDir = resolve(config.DATA_DIR, 'mail');
  }

  /** The nodemailer transport, created (and nodemailer loaded) on the first message, not at start-up (issue 12). */
  private transporter(): Promise<Transporter> {
    this.transporterPromise ??= import('nodemailer').then(({ default: nodemailer }) =>
      this.config.SMTP_URL
        ? nodemailer.createTransport(this.config.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.transporterPromise;
  }

  /** nodemailer's MailComposer, loaded with the first message. */
  private composer(): Promise<typeof MailComposer> {
    this.composerPromise ??= import('nodemailer/lib/mail-composer').then((module) => module.default);
    return this.composerPromise;
  }

  /** The domain of MAIL_FROM's address (the right side of stable Message-IDs); `localhost` without one. */
  private get mailDomain(): string {
    const address = /<([^>]+)>/.exec(this.config.MAIL_FROM)?.[1] ?? this.config.MAIL_FROM.trim();
    return /@([A-Za-z0-9.-]+)$/.exec(address)?.[1] ?? 'localhost';
  }

  /** True when messages go to `.eml` files rather than an SMTP server. */
  get writesFiles(): boolean {
    return !this.config.SMTP_URL;
  }

  /**
   * Sends one message from `MAIL_FROM`.
   * @returns the Message-ID and, with the file transport, the written file's absolute path
   */
  async send(message: MailMessage): Promise<MailReceipt> {
    let info: { messageId: string; message?: Buffer };
    try {
      // built whole by nodemailer's own composer, then handed over raw: the SMTP connection writes the message in
      // one piece instead of one socket write per MIME chunk (nine for a text-and-HTML message; issue 30, "Speed")
      const node = new (await this.composer())({
        from: this.config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        ...(message.idempotencyKey ? { messageId: `<${message.idempotencyKey}@${this.mailDomain}>` } : {}),
      }).compile();
      const raw = await node.build();
      const messageId = node.messageId();
      info = await (await this.transporter()).sendMail({ envelope: node.getEnvelope(), messageId, raw });
      info.messageId = messageId;
    } catch (error) {
      this.metrics?.countEmail('failed');
      throw error;
    }
    this.metrics?.countEmail('sent');
    if (!this.writesFiles) return { messageId: info.messageId };
    await mkdir(this.mailDir, { recursive: true });
    const file = join(this.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message!);
    // the address and the links (which carry tokens) are logged only in development, to follow them without
    // a mail server; elsewhere the log says that a message was written, never to whom or what it opens
    if (this.config.NODE_ENV === 'development')
      this.logger.log(
        `Mail to ${message.to} "${message.subject}" written to ${file}${message.links?.length ? ` — ${message.links.join(' ')}` : ''}`,
      );
    else this.logger.log(`Mail "${message.subject}" written to ${file}`);
    return { messageId: info.messageId, file };
  }

  async onModuleDestroy(): Promise<void> {
    if (this.transporterPromise) (await this.transporterPromise).close();
  }
}
