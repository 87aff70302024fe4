import { Injectable } from '@nestjs/common';
import i18next, { type i18n as I18nInstance } from 'i18next';
import type { Request } from 'express';
import { en } from './messages.en.js';
import { es } from './messages.es.js';
import { zhCN } from './messages.zh-cn.js';

/** The languages of the product (spec §1). */
export const LOCALES = ['en', 'es', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Server-side translations (DESIGN §9) on i18next. The language of a request is negotiated from its
 * `Accept-Language` header (express's negotiator, so `zh`, `zh-Hans-CN` and `es-MX` all map).
 */
@Injectable()
export class I18nService {
  private readonly i18n: I18nInstance;

  constructor() {
    this.i18n = i18next.createInstance();
    void this.i18n.init({
      initAsync: false,
      resources: { en: { translation: en }, es: { translation: es }, 'zh-CN': { translation: zhCN } },
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    } as Parameters<I18nInstance['init']>[0]);
  }

  /**
   * Picks the caller's language from `Accept-Language`.
   * @returns one of {@link LOCALES}; `en` when nothing matches
   */
  localeOf(request: Pick<Request, 'acceptsLanguages'> | undefined): Locale {
    const picked = request?.acceptsLanguages?.('en', 'es', 'zh-CN', 'zh');
    if (picked === 'zh') return 'zh-CN';
    return (LOCALES as readonly string[]).includes(picked || '') ? (picked as Locale) : 'en';
  }

  /**
   * Translates a key such as `errors.TKN-001` into `locale`.
   * @param params interpolation values (`{{name}}` in the message)
   */
  t(key: string, locale: Locale, params: Record<string, unknown> = {}): string {
    return this.i18n.t(key, { lng: locale, ...params }) as string;
  }

  /** True when `key` exists in English (used to fall back to a generic message). */
  has(key: string): boolean {
    return this.i18n.exists(key, { lng: 'en' });
  }
}
