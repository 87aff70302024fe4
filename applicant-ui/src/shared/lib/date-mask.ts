/**
 * Date typing helpers for {@link DateInput} (issue 10 item 2): the IMask pattern that turns typed digits
 * into spec §3's MM/DD/YYYY (`03151998` → `03/15/1998`, slashes added as one types), the normaliser of
 * pasted or autofilled dates (`3/15/1998`, `1998-03-15`, `03-15-1998`, `3.15.1998` → `03/15/1998`) and
 * the zero padding of a one-digit month or day when the person types "/" after it (`3/` → `03/`).
 */
import { DateTime } from 'luxon';

/** IMask options of the date field: two digits, "/", two digits, "/", four digits; nothing is shown before it is typed. */
export const US_DATE_MASK = { mask: '00/00/0000', lazy: true } as const;

/** Formats accepted from a paste or autofill, tried in order (luxon tokens; M and d take one or two digits). */
const PASTE_FORMATS = ['M/d/yyyy', 'yyyy-M-d', 'M-d-yyyy', 'M.d.yyyy', 'MMddyyyy', 'yyyy/M/d'] as const;

/**
 * Normalises a pasted or autofilled date to MM/DD/YYYY.
 * @param text what was pasted (surrounding spaces ignored)
 * @returns the date as MM/DD/YYYY, or null when `text` is not a real calendar date in one of the known formats
 */
export function normaliseDateText(text: string): string | null {
  const trimmed = text.trim();
  for (const format of PASTE_FORMATS) {
    const dt = DateTime.fromFormat(trimmed, format);
    if (dt.isValid) return dt.toFormat('MM/dd/yyyy');
  }
  return null;
}

/**
 * What the field should hold when "/" is typed at the end of `before` (the text before the caret):
 * a lone month or day digit is padded with a zero and the slash added (`3` → `03/`, `03/1` → `03/01/`).
 * @returns the new text, or null when a typed "/" needs no help (the mask then handles it)
 */
export function padOnSlash(before: string): string | null {
  const m = /^(\d{1,2})(?:\/(\d{1,2}))?$/.exec(before);
  if (!m) return null;
  const [, month = '', day] = m;
  if (day === undefined) return month.length === 1 ? `0${month}/` : null;
  return day.length === 1 ? `${month.padStart(2, '0')}/0${day}/` : null;
}
