/**
 * Seed data for table `dropdowns`: every option list of spec §3 ("Dropdown lists" and "Option lists"),
 * DESIGN §5 "Seeds: countries (about 195, United States first), 50 states plus DC, every option list of
 * spec section 3". Card expiry years are NOT seeded: they depend on today's date, so they are computed on
 * each read by `cardYearOptions` (spec §3 "Card years", §9 "21 years from the current one").
 *
 * Countries come from `i18n-iso-countries`. Its Node entry point (`entry-node.js`, a CommonJS module)
 * registers every bundled locale on load, so a default import is all that is needed: it compiles under
 * `module: nodenext` (default import of a CommonJS module = `module.exports`) and runs in Node 20 ESM and
 * in jest ESM mode without JSON import attributes.
 */
import countries from 'i18n-iso-countries';

/** One option of a list: the stored value and the label shown. */
export interface DropdownOption {
  value: string;
  label: string;
}

/** One seeded option list: its stable key, its admin-facing label and its options in display order. */
export interface DropdownSeed {
  key: string;
  label: string;
  options: DropdownOption[];
}

/** Options whose value and label are the same text. */
function same(...labels: string[]): DropdownOption[] {
  return labels.map((label) => ({ value: label, label }));
}

// ---------------------------------------------------------------------------------------------------
// Countries

/**
 * ISO 3166-1 entries of the library (plus Kosovo, 'XK', which it also lists) that are NOT a UN member
 * state or UN observer state: dependent territories, special administrative regions, uninhabited
 * territories, Antarctica, Western Sahara, Taiwan and Kosovo. What remains is the 193 UN members plus
 * the two observer states (Holy See, Palestine) = 195, the usual "195 countries" (spec §3 "about 195").
 */
const NOT_SOVEREIGN = new Set([
  'AS',
  'AI',
  'AQ',
  'AW',
  'AX',
  'BL',
  'BM',
  'BQ',
  'BV',
  'CC',
  'CK',
  'CW',
  'CX',
  'EH',
  'FK',
  'FO',
  'GF',
  'GG',
  'GI',
  'GL',
  'GP',
  'GS',
  'GU',
  'HK',
  'HM',
  'IM',
  'IO',
  'JE',
  'KY',
  'MF',
  'MO',
  'MP',
  'MQ',
  'MS',
  'NC',
  'NF',
  'NU',
  'PF',
  'PM',
  'PN',
  'PR',
  'RE',
  'SH',
  'SJ',
  'SX',
  'TC',
  'TF',
  'TK',
  'TW',
  'UM',
  'VG',
  'VI',
  'WF',
  'XK',
  'YT',
]);

/**
 * Common English short names where the library's first ("official") English name is a long form or has
 * an inverted "X, Republic of" shape that would sort or read badly in a dropdown.
 */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  CI: "Côte d'Ivoire",
  CN: 'China',
  CZ: 'Czechia',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Holy See',
};

/** The seeded name of a country's display form (SHORT_NAMES) back to its ISO 3166-1 alpha-2 code. */
const CODE_OF_SHORT_NAME: ReadonlyMap<string, string> = new Map(Object.entries(SHORT_NAMES).map(([code, name]) => [name, code]));

/**
 * The ISO 3166-1 alpha-2 code of a country as the `countries` dropdown names it ('United States' → 'US',
 * 'Brunei' → 'BN'); any English name or alias the library knows is accepted too (an admin-added option).
 * @returns the code, or undefined for a name no list knows
 */
export function countryCodeOf(name: string): string | undefined {
  return CODE_OF_SHORT_NAME.get(name) ?? countries.getAlpha2Code(name, 'en');
}

function countryOptions(): DropdownOption[] {
  const names = countries.getNames('en', { select: 'official' });
  const list = Object.entries(names)
    .filter(([code]) => code !== 'US' && !NOT_SOVEREIGN.has(code))
    .map(([code, name]) => SHORT_NAMES[code] ?? name)
    .sort((a, b) => a.localeCompare(b, 'en'));
  return same('United States', ...list);
}

// ---------------------------------------------------------------------------------------------------
// US states

/** The 50 states plus the District of Columbia, alphabetical by name. */
const STATES: readonly [code: string, name: string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

// ---------------------------------------------------------------------------------------------------

/**
 * Every seeded option list, in the order the admin console lists them (spec §3 "Option lists", and
 * "Dropdown lists": about 195 countries starting with United States, the 50 US states plus DC as value
 * and label pairs). Values equal labels except `months` (value = label = '01'…'12') and `states`
 * (value = two-letter code, label = name). Card years are not here: see `cardYearOptions`.
 */
export const DROPDOWN_SEEDS: readonly DropdownSeed[] = [
  { key: 'yesNo', label: 'Yes / No', options: same('Yes', 'No') },
  { key: 'transferCredit', label: 'Transfer credit', options: same('Yes', 'No', 'In Progress') },
  { key: 'employment', label: 'Employment type', options: same('Full time', 'Part time') },
  { key: 'maritalStatus', label: 'Marital status', options: same('Single', 'Married', 'Divorced', 'Widowed') },
  { key: 'placesClassesTaken', label: 'Places classes taken', options: same('High School', 'College', 'Exam') },
  { key: 'classTypes', label: 'Class types', options: same('AP', 'Dual Credit/Freshman Center') },
  {
    key: 'classStatus',
    label: 'Class status',
    options: same('Completed', 'Currently taking', 'Scheduled to take', 'Planning to take'),
  },
  {
    key: 'howHeard',
    label: 'How did you hear about us',
    options: same(
      'Career Forum Podcast',
      'College advisor',
      'Friend',
      'Mentor',
      'Online advertising',
      'Print ads',
      'Social media',
      'Word-of-mouth',
      'Other',
    ),
  },
  {
    key: 'colleges',
    label: 'Colleges',
    options: same(
      'Baruch College',
      'Brooklyn College',
      'College of Staten Island',
      'Excelsior University',
      'Georgian Court University',
      'Hunter College',
      'Kingsborough Community College',
      'Lander College for Men',
      'Lander College for Women',
      'Queens College',
      'Rockland Community College',
      'Stern College for Women',
      'SUNY Empire State University',
      'Thomas Edison State University',
      'Touro University',
      'Yeshiva College',
      'Other',
    ),
  },
  { key: 'israelPrograms', label: 'Israel programs', options: same('TTI', 'Touro', 'HTC') },
  {
    key: 'examTypes',
    label: 'Exam types',
    options: same('Straighterline', 'CLEP', 'ACE', 'TAL', 'Coopersmith', 'DSST-DANTES', 'Other'),
  },
  {
    key: 'months',
    label: 'Months',
    options: same(...Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))),
  },
  { key: 'countries', label: 'Countries', options: countryOptions() },
  { key: 'states', label: 'US states', options: STATES.map(([value, label]) => ({ value, label })) },
  // Seminaries for the education step's seminaryName (spec §3 "seminaryName … seminaryNameOther"): a
  // starting list admins edit; "Other" lets the applicant type the name (seminaryNameOther).
  {
    key: 'seminaries',
    label: 'Seminaries',
    options: same(
      'Bais Yaakov Intensive Program (BYI)',
      'Beth Jacob Jerusalem (BJJ)',
      'Bnos Chava',
      'Darchei Binah',
      'Machon Maayan',
      'Meohr Bais Yaakov',
      'Michlalah Jerusalem College',
      'Michlelet Mevaseret Yerushalayim (MMY)',
      'Midreshet Moriah',
      'Neve Yerushalayim',
      'Tomer Devorah',
      'Other',
    ),
  },
  // Yeshivas: the same question's list for men's applications (issue 11 item 5), edited by admins.
  {
    key: 'yeshivas',
    label: 'Yeshivas (men)',
    options: same(
      'Beth Medrash Govoha (BMG)',
      'Mercaz HaRav',
      'Ohr Somayach',
      'Yeshivat Har Etzion (Gush)',
      'Yeshivat Hakotel',
      "Yeshivat Kerem B'Yavneh (KBY)",
      'Yeshivat Lev HaTorah',
      'Yeshivat Netiv Aryeh',
      'Yeshivat Orayta',
      'Yeshivat Shaalvim',
      "Yeshivat Sha'arei Mevaseret Zion (Shaarei)",
      'Yeshivat Torat Shraga',
      'Other',
    ),
  },
];

/**
 * Card expiry years: the current year (UTC) of `now` through 20 years ahead, 21 values, value = label
 * = the four-digit year (spec §3 "Card years from the current year through 20 years ahead", §9).
 * Computed on each read rather than seeded, so it never goes stale.
 */
export function cardYearOptions(now: Date): DropdownOption[] {
  const first = now.getUTCFullYear();
  return same(...Array.from({ length: 21 }, (_, i) => String(first + i)));
}
