import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/errors/api.exception.js';
import { LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import type { Application } from '../applications/application.entity.js';
import type { DepositRefusal } from './deposit-rules.js';

/** The application's own language when it is one the portal speaks, else English. */
export function applicationLocale(app: Pick<Application, 'locale'>): Locale {
  return (LOCALES as readonly string[]).includes(app.locale) ? (app.locale as Locale) : 'en';
}

/**
 * The API error of a deposit refusal (docs/api.md "Deposits"): 404 DEC-404 / DEP-404, 409 DEP-409-*, 422
 * DEP-422-late whose message names the deadline in `locale` and the applicant's zone (`data.dueAt` in UTC).
 */
export function depositRefused(refusal: DepositRefusal, app: Pick<Application, 'timeZone' | 'locale'>, locale?: Locale): ApiException {
  switch (refusal.code) {
    case 'DEC-404':
    case 'DEP-404':
      return new ApiException(HttpStatus.NOT_FOUND, refusal.code);
    case 'DEP-422-late':
      return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'DEP-422-late', {
        params: { deadline: zonedTime(refusal.dueAt, locale ?? applicationLocale(app), app.timeZone) },
        data: { dueAt: refusal.dueAt.toISOString() },
      });
    default:
      return new ApiException(HttpStatus.CONFLICT, refusal.code);
  }
}
