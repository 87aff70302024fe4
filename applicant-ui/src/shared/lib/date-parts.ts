/**
 * The parts of a date as a person enters them (issue 27 item 1, the GOV.UK "date input" pattern): day,
 * month and year in three fields, in the order the page's language writes them, and the wire value spec §3
 * keeps (MM/DD/YYYY). Nothing here guesses: a part is what was typed in its own field.
 */
/** The name of one part. */
export type DatePart = 'day' | 'month' | 'year';

/** What the three fields hold, as typed (digits, possibly incomplete). */
export type DateParts = Record<DatePart, string>;

/** No part typed. */
export const EMPTY_DATE_PARTS: DateParts = { day: '', month: '', year: '' };

/** A fixed day whose day, month and year all differ, to read a language's order from `Intl`. */
const PROBE = new Date(Date.UTC(2001, 10, 23, 12));

/** Orders already read, by locale (a date field renders on every keystroke; a formatter costs more to build). */
const ORDERS = new Map<string, DatePart[]>();

/**
 * The order of the parts in `locale`, as `Intl.DateTimeFormat` writes a numeric date there: en-US month,
 * day, year; es day, month, year; zh-CN year, month, day.
 */
export function datePartOrder(locale: string): DatePart[] {
  let order = ORDERS.get(locale);
  if (!order) {
    const format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const found = format
      .formatToParts(PROBE)
      .map((p) => p.type)
      .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
    order = found.length === 3 ? found : ['month', 'day', 'year'];
    ORDERS.set(locale, order);
  }
  return order;
}

/** A one-digit day or month gets its zero ("3" → "03"); anything else stays as typed. */
const pad = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);

/**
 * The wire text of the parts (spec §3 MM/DD/YYYY): '' when nothing is typed; otherwise
 * `MM/DD/YYYY` from the parts as typed — an incomplete or impossible date stays visibly so
 * (`03//1998`, `02/30/2019`) for the form's validation to refuse; nothing is completed or reordered.
 */
export function wireDate(parts: DateParts): string {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return '';
  return `${pad(month)}/${pad(day)}/${year}`;
}

/**
 * The parts of a wire value (what the server stored, or a form reset): `MM/DD/YYYY`, possibly incomplete
 * (`03//1998`); an ISO `yyyy-MM-dd` (an autofill) is read too. Anything else leaves the fields empty.
 */
export function datePartsOf(wire: string | null | undefined): DateParts {
  const text = (wire ?? '').trim();
  if (!text) return { ...EMPTY_DATE_PARTS };
  const pieces = text.split('/');
  if (pieces.length === 3) return { month: pieces[0]!, day: pieces[1]!, year: pieces[2]! };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso && isCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return { day: iso[3]!, month: iso[2]!, year: iso[1]! };
  return { ...EMPTY_DATE_PARTS };
}

/** True when `year`-`month`-`day` is a day of the calendar (the date the platform makes of it has those parts). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // an impossible day (02-30) rolls over into the next month
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
