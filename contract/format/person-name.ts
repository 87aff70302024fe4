/**
 * How the portal writes a person's name (issue 27 item 2) — the one formatter the server (e-mails, letters,
 * receipts, CSV) and both front ends (the console's lists, show pages and reader queue) share, so that
 * 王芳 is never "芳 王" in one place and right in another.
 *
 * The order follows the name's own script: names in Han, Hangul or Kana are written family name first,
 * without a space between the parts (王芳, 김민준, 山田太郎); names in other scripts given name first with a
 * space (María José Pérez). Only a name whose script says nothing (no letter at all) follows the language
 * it is written for: family first in zh-CN.
 */

/** A person's name as the portal stores it: given name and family name (either may be missing). */
export interface PersonName {
  /** Given name (`firstName` / `first_name` on the wire). */
  firstName?: string | null;
  /** Family name (`lastName` / `last_name` on the wire). */
  lastName?: string | null;
}

/** Han, Hangul, Hiragana and Katakana: scripts whose names put the family name first. */
const FAMILY_FIRST_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Any letter: a name with none says nothing about its order. */
const LETTER = /\p{L}/u;
/** Languages of the portal whose names are written family name first. */
const FAMILY_FIRST_LOCALES = /^(zh|ja|ko)\b/i;

/** The two parts, trimmed; a missing part is the empty string. */
function partsOf(name: PersonName): { given: string; family: string } {
  return { given: (name.firstName ?? '').trim(), family: (name.lastName ?? '').trim() };
}

/**
 * True when the name is written family name first: a part in Han, Hangul or Kana; otherwise, when no part
 * has a letter, when `locale` (a BCP 47 tag such as `zh-CN`) is Chinese, Japanese or Korean.
 */
export function isFamilyNameFirst(name: PersonName, locale?: string | null): boolean {
  const { given, family } = partsOf(name);
  const text = `${family}${given}`;
  if (FAMILY_FIRST_SCRIPT.test(text)) return true;
  if (LETTER.test(text)) return false;
  return FAMILY_FIRST_LOCALES.test(locale ?? '');
}

/**
 * The full name in its own order: "王芳" (family 王, given 芳), "María José Pérez". Family-first parts are
 * joined without a space only when both are in Han, Hangul or Kana ("王 Fang" keeps it). A missing part
 * leaves the other; both missing give ''.
 * @param locale the language the name is written for (only used when the script says nothing)
 */
export function formatPersonName(name: PersonName, locale?: string | null): string {
  const { given, family } = partsOf(name);
  if (!given || !family) return given || family;
  if (!isFamilyNameFirst(name, locale)) return `${given} ${family}`;
  const joined = FAMILY_FIRST_SCRIPT.test(family) && FAMILY_FIRST_SCRIPT.test(given);
  return joined ? `${family}${given}` : `${family} ${given}`;
}

/**
 * The name a greeting uses ("Dear María José," / "王芳，您好"): the given name for names written given name
 * first; the full name for family-first names (greeting a Chinese applicant by given name alone is too
 * familiar from an office). Falls back to whichever part exists.
 */
export function salutationName(name: PersonName, locale?: string | null): string {
  const { given, family } = partsOf(name);
  if (isFamilyNameFirst(name, locale)) return formatPersonName(name, locale);
  return given || family;
}

/**
 * A name reduced for comparison: Unicode NFKC (full-width and compatibility forms fold to their plain
 * forms), lower case, all white space removed. "  Ana  DIAZ " and "ana diaz" compare equal; so do
 * "王 美玲" and "王美玲", and full-width "ＡＮＡ" and "ana".
 */
export function normalizeName(value: string): string {
  return value.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, '');
}

/**
 * The review step's signature check (spec §3 "fullNameSignature must match the applicant's name"; issue 11
 * item 4), the same on the server and in the applicant app: given + family name in any spacing and case;
 * for a name written family name first (see {@link isFamilyNameFirst}) also family + given ("王美玲" for
 * given name 美玲, family name 王).
 */
export function signatureMatchesName(signature: string, firstName: string, lastName: string): boolean {
  const signed = normalizeName(signature);
  if (!signed) return false;
  if (signed === normalizeName(`${firstName}${lastName}`)) return true;
  return isFamilyNameFirst({ firstName, lastName }) && signed === normalizeName(`${lastName}${firstName}`);
}
