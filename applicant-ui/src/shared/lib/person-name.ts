/**
 * The order in which a form asks for a person's name (issue 11 item 4): the wire fields stay `firstName`
 * (given) / `lastName` (family). How a name is written and signed is one rule for the whole product, in
 * `contract/format/person-name.ts` (issue 27).
 */

/** True when the locale writes the family name first (zh-CN): forms then ask 姓 before 名. */
export function familyNameFirst(locale: string): boolean {
  return locale === 'zh-CN';
}
