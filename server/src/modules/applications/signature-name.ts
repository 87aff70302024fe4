/**
 * The review step's signature check (spec §3 "fullNameSignature must match the applicant's name"; issue 11
 * item 4: names the way people write them).
 */

/** Han, kana and Hangul: names in these scripts are written family name first, usually without a space. */
const CJK_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A name reduced for comparison: Unicode NFKC (full-width and compatibility forms fold to their plain
 * forms), lower case, all white space removed. "  Ana  DIAZ " and "ana diaz" compare equal; so do
 * "王 美玲" and "王美玲", and full-width "ＡＮＡ" and "ana".
 */
export function normalizeName(value: string): string {
  return value.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, '');
}

/** True when the name contains a CJK script (family name first is then the native order). */
export function isCjkName(firstName: string, lastName: string): boolean {
  return CJK_SCRIPT.test(`${firstName}${lastName}`);
}

/**
 * True when `signature` is the applicant's name: given + family name in any spacing and case; for CJK
 * names also family + given name ("王美玲" for first name 美玲, last name 王).
 */
export function signatureMatchesName(signature: string, firstName: string, lastName: string): boolean {
  const signed = normalizeName(signature);
  if (!signed) return false;
  if (signed === normalizeName(`${firstName}${lastName}`)) return true;
  return isCjkName(firstName, lastName) && signed === normalizeName(`${lastName}${firstName}`);
}
