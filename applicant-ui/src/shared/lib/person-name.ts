/**
 * Names the way people write them (issue 11 item 4): the signature rule the server applies
 * (server/src/modules/applications/signature-name.ts, same cases tested on both sides) and the order in
 * which a locale writes a person's name. The wire fields stay `firstName` (given) / `lastName` (family).
 */

/** Han, kana and Hangul: names in these scripts are written family name first, usually without a space. */
const CJK_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** NFKC, lower case, all white space removed: "  Ana  DIAZ " ≡ "ana diaz", "王 美玲" ≡ "王美玲", "ＡＮＡ" ≡ "ana". */
export function normaliseName(value: string): string {
  return value.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, '');
}

/** True when `signature` is the name: given + family in any spacing and case; CJK names also family + given. */
export function signatureMatches(signature: string, firstName: string, lastName: string): boolean {
  const signed = normaliseName(signature);
  if (!signed) return false;
  if (signed === normaliseName(`${firstName}${lastName}`)) return true;
  return CJK_SCRIPT.test(`${firstName}${lastName}`) && signed === normaliseName(`${lastName}${firstName}`);
}

/** True when the locale writes the family name first (zh-CN): forms then ask 姓 before 名. */
export function familyNameFirst(locale: string): boolean {
  return locale === 'zh-CN';
}

/**
 * A person's name for display in `locale`: "Moshe Levi"; in zh-CN family name first, without a space for a
 * CJK name ("王美玲") and with one otherwise ("Levi Moshe").
 */
export function displayName(firstName: string, lastName: string, locale: string): string {
  if (!familyNameFirst(locale)) return [firstName, lastName].filter(Boolean).join(' ');
  const separator = CJK_SCRIPT.test(`${firstName}${lastName}`) ? '' : ' ';
  return [lastName, firstName].filter(Boolean).join(separator);
}
