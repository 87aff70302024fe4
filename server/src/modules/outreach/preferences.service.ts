import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { hashToken } from '../../common/security/token-hash.js';
import type { PreferencesResponse } from './dto/preferences.dto.js';
import { RecipientsService, type RecipientState } from './recipients.service.js';

/** The message an unsubscribe token belongs to. */
interface TokenMessage {
  id: string;
  email: string;
  locale: string | null;
}

/** `ana.ruiz@example.com` → `a•••z@example.com`: enough for its owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * The recipient's side of preferences (issue 30 item 5): the token of a marketing message's unsubscribe
 * link (random, 256 bits, stored as sha256 with the message; no expiry: an unsubscribe link must keep
 * working) opens the preferences of the message's address — one-click unsubscribe (RFC 8058), and the
 * preferences page to read and change them. Transactional messages are always sent, whatever is chosen here.
 */
@Injectable()
export class PreferencesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly recipients: RecipientsService,
  ) {}

  /**
   * One-click unsubscribe: marketing off for the token's address. Idempotent.
   * @throws ApiException 404 TKN-001 unknown token
   */
  async unsubscribe(token: string): Promise<PreferencesResponse> {
    const message = await this.message(token);
    return this.answer(message, await this.recipients.setMarketing(message.email, false, message.id));
  }

  /** The token's address (masked) and whether it receives marketing messages. @throws ApiException 404 TKN-001 */
  async get(token: string): Promise<PreferencesResponse> {
    const message = await this.message(token);
    return this.answer(message, await this.recipients.state(message.email));
  }

  /** Turns marketing messages on or off for the token's address. @throws ApiException 404 TKN-001 */
  async set(token: string, marketing: boolean): Promise<PreferencesResponse> {
    const message = await this.message(token);
    return this.answer(message, await this.recipients.setMarketing(message.email, marketing, message.id));
  }

  private answer(message: TokenMessage, state: RecipientState): PreferencesResponse {
    const locale: Locale = (LOCALES as readonly string[]).includes(message.locale ?? '') ? (message.locale as Locale) : 'en';
    return { email: maskEmail(state.email), marketing: state.marketingOptOutAt === null, locale };
  }

  private async message(token: string): Promise<TokenMessage> {
    const [row] = (await this.db.query(`SELECT id::text AS id, email, locale FROM outreach_messages WHERE unsubscribe_token_hash = $1`, [
      hashToken(token),
    ])) as TokenMessage[];
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'TKN-001');
    return row;
  }
}
