/**
 * When a program not open now opens (issue 25), in the page's language. Apart from `programs-api.ts` so
 * the form pages, which list no closed program, do not load the date formatting it needs (issue 28).
 */
import type { TFunction } from 'i18next';
import { formatInstant } from '../../shared/lib/instant-format';
import type { Program } from './catalogue-api';

/**
 * Why a program cannot be started now, in `language`: "Applications open on <date>" (its next window's
 * opening on the browser's clock) or, with nothing planned, "Not open for applications at the moment".
 */
export function notOpenReason(program: Pick<Program, 'nextOpensAt'>, t: TFunction, language: string): string {
  return program.nextOpensAt ? t('welcome.opens_on', { date: formatInstant(program.nextOpensAt, language) }) : t('welcome.not_open');
}
