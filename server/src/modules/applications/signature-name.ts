/**
 * The review step's signature check (spec §3 "fullNameSignature must match the applicant's name"; issue 11
 * item 4: names the way people write them).
 */

import { isFamilyNameFirst } from '../../../../contract/format/person-name.js';

/**
 * A name reduced for comparison: Unicode NFKC (full-width and compatibility forms fold to their plain
 * forms), lower case, all white space removed. "  Ana  DIAZ " and "ana diaz" compare equal; so do
 * "王 美玲" and "王美玲", and full-width "ＡＮＡ" and "ana".
 */
export function normalizeName(value: string): string {
  return value.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, '');
}

/**
 * True when `signature` is the applicant's name: given + family name in any spacing and case; for CJK
 * names also family + given name ("王美玲" for first name 美玲, last name 王).
 */
export function signatureMatchesName(signature: string, firstName: string, lastName: string): boolean {
  const signed = normalizeName(signature);
  if (!signed) return false;
  if (signed === normalizeName(`${firstName}${lastName}`)) return true;
  return isFamilyNameFirst({ firstName, lastName }) && signed === normalizeName(`${lastName}${firstName}`);
}
