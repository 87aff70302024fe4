import { Inject, Injectable, Logger } from '@nestjs/common';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailService, plainTextToHtml } from '../mail/mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import type { Application } from './application.entity.js';

/**
 * Which e-mail: the link sent when an application starts, a /continue link (application or details form),
 * or "a decision is available" (issue 15, sent by the decision release job).
 */
export type LinkMailKind = 'start' | 'continue' | 'details' | 'decision';

/**
 * The applicant e-mails of issue 3, in the application's locale (en, es, zh-CN; server messages
 * `mail.*`): the continue link when an application starts, and the links `/continue` sends. Wholly in
 * that language: the program's label and the semester too (issue 11 item 3).
 * Links are `<PUBLIC_URL>/validation?token=…` (DESIGN §3: every e-mailed link lands on /validation).
 */
@Injectable()
export class ApplicationMailService {
  private readonly logger = new Logger(ApplicationMailService.name);

  constructor(
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly words: ApplicationWordsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The public base address (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
  get publicUrl(): string {
    return (this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/+$/, '');
  }

  /** The /validation link of a token. */
  linkFor(token: string): string {
    return `${this.publicUrl}/validation?token=${encodeURIComponent(token)}`;
  }

  /**
   * Sends one link e-mail to the application's address. Delivery failures are logged, never thrown:
   * the caller's request has already succeeded (the applicant can ask again at /continue).
   */
  async sendLink(application: Application, token: string, kind: LinkMailKind): Promise<void> {
    const { locale, program, semester } = await this.words.wordsOf(application);
    const link = this.linkFor(token);
    const params = {
      firstName: application.firstName,
      program,
      semester,
      referenceNumber: String(application.referenceNumber),
      link,
      continueUrl: `${this.publicUrl}/continue`,
      days: this.config.APPLICATION_TOKEN_TTL_DAYS,
    };
    const subject = this.i18n.t(`mail.${kind}Subject`, locale, params);
    const text = this.i18n.t(`mail.${kind}Text`, locale, params);
    const html = plainTextToHtml(text, [link]);
    try {
      await this.mail.send({ to: application.email, subject, text, html, links: [link] });
    } catch (error) {
      this.logger.error(
        `Could not send the ${kind} e-mail of application ${application.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
