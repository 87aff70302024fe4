import { Inject, Injectable } from '@nestjs/common';
import { I18nService, LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import type { Application } from '../applications/application.entity.js';
import { plainTextToHtml } from '../mail/mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { TokenService } from '../token/token.service.js';
import { formatPersonName, salutationName } from '../../../../contract/format/person-name.js';
import type { MessageTemplate } from './message-template.entity.js';
import { renderMessageText, usesVariable, type MessageValues, type MessageVariable } from './message-variables.js';

/**
 * The application's properties a message is decided and rendered by (`OutreachMailerService` reads these alone for
 * each message: its status and address, the name, the language, the program, term and offering with the zone of
 * the deadline, the reference number; never an answer).
 */
export const MESSAGE_SUBJECT_PROPERTIES = [
  'id',
  'status',
  'email',
  'locale',
  'firstName',
  'lastName',
  'referenceNumber',
  'gender',
  'fieldOfInterest',
  'semester',
  'timeZone',
  'offeringId',
  'submittedAt',
] as const satisfies readonly (keyof Application)[];
/** What a message is rendered from: the application's {@link MESSAGE_SUBJECT_PROPERTIES} (see {@link MessageRendererService.render}). */
export type MessageSubject = Pick<Application, (typeof MESSAGE_SUBJECT_PROPERTIES)[number]>;

/** The token example links carry in previews and test sends (it opens nothing). */
export const EXAMPLE_TOKEN = 'example';

/** How {@link MessageRendererService.render} makes links. */
export interface RenderOptions {
  /** The language (default: the application's, en when it has none of the three). */
  locale?: Locale;
  /**
   * `live`: `{{link}}` gets a new application token (only when the template uses it); `example`: links carry
   * {@link EXAMPLE_TOKEN} and open nothing (previews, test sends: no working token leaves the portal).
   */
  links: 'live' | 'example';
  /** A marketing message's raw unsubscribe token (its sha256 is stored with the message); default the example. */
  unsubscribeToken?: string;
}

/** A message ready for MailService. */
export interface RenderedMessage {
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post for marketing messages; empty for transactional ones. */
  headers: Record<string, string>;
  /** The links in the text (for the development mail log). */
  links: string[];
}

/**
 * Renders message templates for an application (issue 30 item 2): in its language, through the letters'
 * sandbox with the allow-list of `message-variables.ts` — the name in its own order, the program and term
 * in that language, the deadline in the applicant's zone, a link that opens the right step. A marketing
 * message gets a footer with its preferences page, and the RFC 8058 headers: `List-Unsubscribe:
 * <PUBLIC_URL/api/outreach/unsubscribe?token=…>, <mailto:…?subject=unsubscribe>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. No tracking pixel, no rewritten links.
 */
@Injectable()
export class MessageRendererService {
  constructor(
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Renders `template` for `app` (its {@link MESSAGE_SUBJECT_PROPERTIES}: a message names the applicant, the program,
   * the term and the deadline, never an answer). @throws when a stored template is no longer valid (it was checked when saved)
   */
  async render(app: MessageSubject, template: Pick<MessageTemplate, 'kind' | 'content'>, options: RenderOptions): Promise<RenderedMessage> {
    const locale: Locale = options.locale ?? ((LOCALES as readonly string[]).includes(app.locale) ? (app.locale as Locale) : 'en');
    const { subject: subjectText, body } = template.content[locale];
    const uses = (variable: MessageVariable) => usesVariable(body, variable) || usesVariable(subjectText, variable);
    const words = await this.words.wordsOf({ ...app, locale }, { deadline: uses('deadline') });
    const base = publicUrl(this.config);
    let link = `${base}/validation?token=${EXAMPLE_TOKEN}`;
    if (options.links === 'live' && uses('link')) {
      const token = await this.tokens.issue(app.id, app.status === 'draft' ? 'application' : 'details');
      link = `${base}/validation?token=${encodeURIComponent(token)}`;
    }
    const values: MessageValues = {
      fullName: formatPersonName(app, locale),
      greetingName: salutationName(app, locale),
      firstName: app.firstName,
      lastName: app.lastName,
      program: words.program,
      term: words.semester,
      deadline: words.deadline ?? '',
      referenceNumber: String(app.referenceNumber),
      link,
      continueLink: `${base}/continue`,
    };
    const subject = renderMessageText(subjectText, values).replace(/[\r\n]+/g, ' ');
    let text = renderMessageText(body, values);
    const links = [link, values.continueLink].filter((l) => text.includes(l));
    const headers: Record<string, string> = {};
    if (template.kind === 'marketing') {
      const token = encodeURIComponent(options.unsubscribeToken ?? EXAMPLE_TOKEN);
      const preferences = `${base}/preferences?token=${token}`;
      text += this.i18n.t('mail.outreachFooter', locale, { preferencesLink: preferences });
      links.push(preferences);
      headers['List-Unsubscribe'] =
        `<${base}/api/outreach/unsubscribe?token=${token}>, <mailto:${this.unsubscribeMailbox}?subject=unsubscribe>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    return { locale, subject, text, html: plainTextToHtml(text, links), headers, links };
  }

  /** The mailto: address of List-Unsubscribe: OUTREACH_UNSUBSCRIBE_MAILTO, else MAIL_FROM's address. */
  private get unsubscribeMailbox(): string {
    return this.config.OUTREACH_UNSUBSCRIBE_MAILTO ?? /<([^>]+)>/.exec(this.config.MAIL_FROM)?.[1] ?? this.config.MAIL_FROM.trim();
  }
}
