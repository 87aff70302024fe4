/**
 * Seed data for table `dropdowns`: every option list of spec §3 ("Dropdown lists" and "Option lists"),
 * DESIGN §5 "Seeds: countries (about 195, United States first), 50 states plus DC, every option list of
 * spec section 3". Card expiry years are NOT seeded: they depend on today's date, so they are computed on
 * each read by `cardYearOptions` (spec §3 "Card years", §9 "21 years from the current one").
 *
 * Countries come from `i18n-iso-countries`: its core (`index.js`, a CommonJS module) with only the three
 * locales the product speaks registered (its Node entry point would load all 78 at start-up, issue 12),
 * loaded with `require` so that it runs in Node 20 ESM and in jest ESM mode without JSON import attributes.
 */
import type { LocaleData } from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import type { Locale } from '../../common/i18n/i18n.service.js';

const requireCjs = createRequire(import.meta.url);
const countries = requireCjs('i18n-iso-countries/index.js') as typeof import('i18n-iso-countries');
for (const locale of ['en', 'es', 'zh']) countries.registerLocale(requireCjs(`i18n-iso-countries/langs/${locale}.json`) as LocaleData);

/**
 * An option's label in each language of the product (issue 11 item 3). English is required; a missing
 * (absent or empty) Spanish or Chinese label is shown in English and flagged in Manage Dropdowns.
 */
export type LocalizedLabel = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>;

/** One option of a list as stored: the value (what applications store) and its label per language. */
export interface DropdownOption {
  value: string;
  label: LocalizedLabel;
}

/** One option as the forms get it (`GET /api/dropdowns`): the value and the label in the caller's language. */
export interface ShownOption {
  value: string;
  label: string;
}

/** One seeded option list: its stable key, its admin-facing label and its options in display order. */
export interface DropdownSeed {
  key: string;
  label: string;
  options: DropdownOption[];
}

/** Proper names (schools, programs, exam brands, numbers): value = label, the same in every language. */
function names(...labels: string[]): DropdownOption[] {
  return labels.map((label) => (label === 'Other' ? OTHER : { value: label, label: { en: label, es: label, 'zh-CN': label } }));
}

/** Options whose value is the English label, each with its Spanish and Chinese label: `[en, es, zh-CN]`. */
function translated(...options: [en: string, es: string, zhCN: string][]): DropdownOption[] {
  return options.map(([en, es, zhCN]) => ({ value: en, label: { en, es, 'zh-CN': zhCN } }));
}

/** "Other", the last option of the name lists (the applicant then types the name). */
const OTHER: DropdownOption = { value: 'Other', label: { en: 'Other', es: 'Otro', 'zh-CN': '其他' } };

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

/** Spanish short names where the library's Spanish name is a long or inverted form. */
const SHORT_NAMES_ES: Readonly<Record<string, string>> = {
  BN: 'Brunéi',
  CD: 'República Democrática del Congo',
  KP: 'Corea del Norte',
  KR: 'Corea del Sur',
  LA: 'Laos',
  SY: 'Siria',
};

/**
 * The countries, United States first, then by English name; value = the English short name (what
 * applications store), labels in Spanish and Chinese from the library (`es`, `zh`) (issue 11 item 3).
 */
function countryOptions(): DropdownOption[] {
  const english = countries.getNames('en', { select: 'official' });
  const option = (code: string): DropdownOption => {
    const en = SHORT_NAMES[code] ?? english[code];
    return {
      value: en,
      label: { en, es: SHORT_NAMES_ES[code] ?? countries.getName(code, 'es')!, 'zh-CN': countries.getName(code, 'zh')! },
    };
  };
  const list = Object.keys(english)
    .filter((code) => code !== 'US' && !NOT_SOVEREIGN.has(code))
    .map(option)
    .sort((a, b) => a.value.localeCompare(b.value, 'en'));
  return [option('US'), ...list];
}

// ---------------------------------------------------------------------------------------------------
// US states

/** The 50 states plus the District of Columbia, alphabetical by English name: code, then the name in en, es, zh-CN. */
const STATES: readonly [code: string, en: string, es: string, zhCN: string][] = [
  ['AL', 'Alabama', 'Alabama', '阿拉巴马州'],
  ['AK', 'Alaska', 'Alaska', '阿拉斯加州'],
  ['AZ', 'Arizona', 'Arizona', '亚利桑那州'],
  ['AR', 'Arkansas', 'Arkansas', '阿肯色州'],
  ['CA', 'California', 'California', '加利福尼亚州'],
  ['CO', 'Colorado', 'Colorado', '科罗拉多州'],
  ['CT', 'Connecticut', 'Connecticut', '康涅狄格州'],
  ['DE', 'Delaware', 'Delaware', '特拉华州'],
  ['DC', 'District of Columbia', 'Distrito de Columbia', '哥伦比亚特区'],
  ['FL', 'Florida', 'Florida', '佛罗里达州'],
  ['GA', 'Georgia', 'Georgia', '佐治亚州'],
  ['HI', 'Hawaii', 'Hawái', '夏威夷州'],
  ['ID', 'Idaho', 'Idaho', '爱达荷州'],
  ['IL', 'Illinois', 'Illinois', '伊利诺伊州'],
  ['IN', 'Indiana', 'Indiana', '印第安纳州'],
  ['IA', 'Iowa', 'Iowa', '艾奥瓦州'],
  ['KS', 'Kansas', 'Kansas', '堪萨斯州'],
  ['KY', 'Kentucky', 'Kentucky', '肯塔基州'],
  ['LA', 'Louisiana', 'Luisiana', '路易斯安那州'],
  ['ME', 'Maine', 'Maine', '缅因州'],
  ['MD', 'Maryland', 'Maryland', '马里兰州'],
  ['MA', 'Massachusetts', 'Massachusetts', '马萨诸塞州'],
  ['MI', 'Michigan', 'Míchigan', '密歇根州'],
  ['MN', 'Minnesota', 'Minnesota', '明尼苏达州'],
  ['MS', 'Mississippi', 'Misisipi', '密西西比州'],
  ['MO', 'Missouri', 'Misuri', '密苏里州'],
  ['MT', 'Montana', 'Montana', '蒙大拿州'],
  ['NE', 'Nebraska', 'Nebraska', '内布拉斯加州'],
  ['NV', 'Nevada', 'Nevada', '内华达州'],
  ['NH', 'New Hampshire', 'Nuevo Hampshire', '新罕布什尔州'],
  ['NJ', 'New Jersey', 'Nueva Jersey', '新泽西州'],
  ['NM', 'New Mexico', 'Nuevo México', '新墨西哥州'],
  ['NY', 'New York', 'Nueva York', '纽约州'],
  ['NC', 'North Carolina', 'Carolina del Norte', '北卡罗来纳州'],
  ['ND', 'North Dakota', 'Dakota del Norte', '北达科他州'],
  ['OH', 'Ohio', 'Ohio', '俄亥俄州'],
  ['OK', 'Oklahoma', 'Oklahoma', '俄克拉何马州'],
  ['OR', 'Oregon', 'Oregón', '俄勒冈州'],
  ['PA', 'Pennsylvania', 'Pensilvania', '宾夕法尼亚州'],
  ['RI', 'Rhode Island', 'Rhode Island', '罗得岛州'],
  ['SC', 'South Carolina', 'Carolina del Sur', '南卡罗来纳州'],
  ['SD', 'South Dakota', 'Dakota del Sur', '南达科他州'],
  ['TN', 'Tennessee', 'Tennessee', '田纳西州'],
  ['TX', 'Texas', 'Texas', '得克萨斯州'],
  ['UT', 'Utah', 'Utah', '犹他州'],
  ['VT', 'Vermont', 'Vermont', '佛蒙特州'],
  ['VA', 'Virginia', 'Virginia', '弗吉尼亚州'],
  ['WA', 'Washington', 'Washington', '华盛顿州'],
  ['WV', 'West Virginia', 'Virginia Occidental', '西弗吉尼亚州'],
  ['WI', 'Wisconsin', 'Wisconsin', '威斯康星州'],
  ['WY', 'Wyoming', 'Wyoming', '怀俄明州'],
];

// ---------------------------------------------------------------------------------------------------

/**
 * Every seeded option list, in the order the admin console lists them (spec §3 "Option lists", and
 * "Dropdown lists": about 195 countries starting with United States, the 50 US states plus DC as value
 * and label pairs). Values are the English labels except `states` (value = two-letter code). Every
 * label is in en, es and zh-CN (issue 11 item 3): `translated` lists spell out each language; `names`
 * lists are proper names (schools, exam brands, month numbers) shown as written in every language,
 * except their "Other". Card years are not here: see `cardYearOptions`.
 */
export const DROPDOWN_SEEDS: readonly DropdownSeed[] = [
  { key: 'yesNo', label: 'Yes / No', options: translated(['Yes', 'Sí', '是'], ['No', 'No', '否']) },
  {
    key: 'transferCredit',
    label: 'Transfer credit',
    options: translated(['Yes', 'Sí', '是'], ['No', 'No', '否'], ['In Progress', 'En curso', '进行中']),
  },
  {
    key: 'employment',
    label: 'Employment type',
    options: translated(['Full time', 'Tiempo completo', '全职'], ['Part time', 'Medio tiempo', '兼职']),
  },
  {
    key: 'maritalStatus',
    label: 'Marital status',
    options: translated(
      ['Single', 'Soltero/a', '未婚'],
      ['Married', 'Casado/a', '已婚'],
      ['Divorced', 'Divorciado/a', '离异'],
      ['Widowed', 'Viudo/a', '丧偶'],
    ),
  },
  {
    key: 'placesClassesTaken',
    label: 'Places classes taken',
    options: translated(['High School', 'Escuela secundaria', '高中'], ['College', 'Universidad', '大学'], ['Exam', 'Examen', '考试']),
  },
  {
    key: 'classTypes',
    label: 'Class types',
    options: translated(
      ['AP', 'Cursos AP (Advanced Placement)', 'AP 大学先修课程'],
      ['Dual Credit/Freshman Center', 'Crédito doble / Freshman Center', '双学分课程 / 新生中心'],
    ),
  },
  {
    key: 'classStatus',
    label: 'Class status',
    options: translated(
      ['Completed', 'Completado', '已完成'],
      ['Currently taking', 'Cursando actualmente', '正在修读'],
      ['Scheduled to take', 'Inscrito para cursarlo', '已安排修读'],
      ['Planning to take', 'Planea cursarlo', '计划修读'],
    ),
  },
  {
    key: 'howHeard',
    label: 'How did you hear about us',
    options: translated(
      ['Career Forum Podcast', 'Pódcast Career Forum', 'Career Forum 播客'],
      ['College advisor', 'Asesor universitario', '大学升学顾问'],
      ['Friend', 'Un amigo o amiga', '朋友'],
      ['Mentor', 'Un mentor o mentora', '导师'],
      ['Online advertising', 'Publicidad en internet', '网络广告'],
      ['Print ads', 'Anuncios impresos', '印刷广告'],
      ['Social media', 'Redes sociales', '社交媒体'],
      ['Word-of-mouth', 'Recomendación de boca en boca', '口碑推荐'],
      ['Other', 'Otro', '其他'],
    ),
  },
  {
    key: 'colleges',
    label: 'Colleges',
    options: names(
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
  { key: 'israelPrograms', label: 'Israel programs', options: names('TTI', 'Touro', 'HTC') },
  {
    key: 'examTypes',
    label: 'Exam types',
    options: names('Straighterline', 'CLEP', 'ACE', 'TAL', 'Coopersmith', 'DSST-DANTES', 'Other'),
  },
  {
    key: 'months',
    label: 'Months',
    options: names(...Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))),
  },
  { key: 'countries', label: 'Countries', options: countryOptions() },
  { key: 'states', label: 'US states', options: STATES.map(([value, en, es, zhCN]) => ({ value, label: { en, es, 'zh-CN': zhCN } })) },
  // Seminaries for the education step's seminaryName (spec §3 "seminaryName … seminaryNameOther"): a
  // starting list admins edit; "Other" lets the applicant type the name (seminaryNameOther).
  {
    key: 'seminaries',
    label: 'Seminaries',
    options: names(
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
    options: names(
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
  // Why an admitted applicant declines the offer (issue 29 item 1), edited by the office.
  {
    key: 'declineReasons',
    label: 'Reasons for declining an offer',
    options: translated(
      ['I will attend another school', 'Asistiré a otra institución', '我将就读其他学校'],
      ['Cost or financial aid', 'Costo o ayuda financiera', '费用或经济资助'],
      ['The program is not the right fit', 'El programa no es el adecuado para mí', '该专业不适合我'],
      ['Location or schedule', 'Ubicación u horario', '地点或时间安排'],
      ['Personal or family reasons', 'Motivos personales o familiares', '个人或家庭原因'],
      ['Other', 'Otro', '其他'],
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
  return names(...Array.from({ length: 21 }, (_, i) => String(first + i)));
}

/**
 * The label of `label` in `locale`; English when that language's label is missing or empty. A label
 * still stored as text (a row written in the shape before issue 11) is that text.
 */
export function labelIn(label: LocalizedLabel | string, locale: Locale): string {
  return typeof label === 'string' ? label : label[locale] || label.en;
}

/** `label` per language; a label still stored as text is the English one. */
export function byLocale(label: LocalizedLabel | string): LocalizedLabel {
  return typeof label === 'string' ? { en: label } : label;
}

/** The languages whose label `label` lacks (absent or blank), e.g. `['zh-CN']`; a text label has English only. */
export function missingLocales(label: LocalizedLabel | string): Locale[] {
  const labels: Partial<LocalizedLabel> = byLocale(label);
  return (['en', 'es', 'zh-CN'] as const).filter((locale) => !labels[locale]?.trim());
}
