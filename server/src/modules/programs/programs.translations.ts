/**
 * Spanish and Chinese texts of the program catalogue (issue 11 item 3: "program names, labels and popups
 * translated"): every `label` and `popup.title` of `programs.catalogue.ts`, keyed by its English text.
 * Seeded into `programs.translations` at start with the rest of the catalogue; `programs.catalogue.spec.ts`
 * fails when a program's text has no entry here. College names are proper names and stay as written.
 */
import type { Locale } from '../../common/i18n/i18n.service.js';

/** A catalogue text in the languages other than English. */
export type ProgramText = Record<Exclude<Locale, 'en'>, string>;

const TRACKS: Record<string, [es: string, zhCN: string]> = {
  ABA: ['Análisis Aplicado de la Conducta (ABA)', '应用行为分析（ABA）'],
  'Data Science': ['Ciencia de Datos', '数据科学'],
  Education: ['Educación', '教育'],
  'Health Science': ['Ciencias de la Salud', '健康科学'],
  Nutrition: ['Nutrición', '营养学'],
  'Occupational Therapy': ['Terapia Ocupacional', '职业治疗'],
  'Pre-Med': ['Premedicina', '医学预科'],
  'Social Work': ['Trabajo Social', '社会工作'],
  Speech: ['Logopedia', '言语治疗'],
  IMPACT: ['IMPACT', 'IMPACT'],
};

/** The psychology label and popup title of each track (see `psychology` in the catalogue). */
function psychologyTexts(): [string, ProgramText][] {
  const texts: [string, ProgramText][] = [
    ['BA in Psychology', { es: 'Licenciatura (BA) en Psicología', 'zh-CN': '心理学文学学士（BA）' }],
    ['Bachelor of Arts in Psychology', { es: 'Licenciatura en Artes en Psicología', 'zh-CN': '心理学文学学士' }],
  ];
  for (const [track, [es, zh]] of Object.entries(TRACKS)) {
    texts.push([
      `BA in Psychology - ${track} Track`,
      { es: `Licenciatura (BA) en Psicología - Itinerario de ${es}`, 'zh-CN': `心理学文学学士（BA）- ${zh}方向` },
    ]);
    texts.push([
      `Bachelor of Arts in Psychology, ${track} Track`,
      { es: `Licenciatura en Artes en Psicología, itinerario de ${es}`, 'zh-CN': `心理学文学学士，${zh}方向` },
    ]);
  }
  return texts;
}

/** Every catalogue label and popup title in Spanish and Chinese, by English text. */
export const PROGRAM_TEXTS: ReadonlyMap<string, ProgramText> = new Map<string, ProgramText>([
  ...psychologyTexts(),
  ['BS in Accounting', { es: 'Licenciatura (BS) en Contabilidad', 'zh-CN': '会计学理学学士（BS）' }],
  ['Bachelor of Science in Accounting', { es: 'Licenciatura en Ciencias en Contabilidad', 'zh-CN': '会计学理学学士' }],
  [
    'BS in Business Administration with Accounting Specialization',
    {
      es: 'Licenciatura (BS) en Administración de Empresas con especialización en Contabilidad',
      'zh-CN': '工商管理理学学士（BS），会计专业方向',
    },
  ],
  [
    'Bachelor of Science in Business Administration, Accounting Specialization',
    {
      es: 'Licenciatura en Ciencias en Administración de Empresas, especialización en Contabilidad',
      'zh-CN': '工商管理理学学士，会计专业方向',
    },
  ],
  ['BA in Business Administration', { es: 'Licenciatura (BA) en Administración de Empresas', 'zh-CN': '工商管理文学学士（BA）' }],
  [
    'Bachelor of Arts in Business Administration',
    { es: 'Licenciatura en Artes en Administración de Empresas', 'zh-CN': '工商管理文学学士' },
  ],
  ['BS in Legal Studies', { es: 'Licenciatura (BS) en Estudios Jurídicos', 'zh-CN': '法律研究理学学士（BS）' }],
  ['Bachelor of Science in Legal Studies', { es: 'Licenciatura en Ciencias en Estudios Jurídicos', 'zh-CN': '法律研究理学学士' }],
  [
    'BA in Education and Special Education',
    { es: 'Licenciatura (BA) en Educación y Educación Especial', 'zh-CN': '教育与特殊教育文学学士（BA）' },
  ],
  [
    'Bachelor of Arts in Education and Special Education',
    { es: 'Licenciatura en Artes en Educación y Educación Especial', 'zh-CN': '教育与特殊教育文学学士' },
  ],
  [
    'MS in Education and Special Education',
    { es: 'Maestría (MS) en Educación y Educación Especial', 'zh-CN': '教育与特殊教育理学硕士（MS）' },
  ],
  [
    'Master of Science in Education and Special Education',
    { es: 'Maestría en Ciencias en Educación y Educación Especial', 'zh-CN': '教育与特殊教育理学硕士' },
  ],
  ['Master of Business Administration (MBA)', { es: 'Maestría en Administración de Empresas (MBA)', 'zh-CN': '工商管理硕士（MBA）' }],
  ['Master of Business Administration', { es: 'Maestría en Administración de Empresas', 'zh-CN': '工商管理硕士' }],
  ['Master of Social Work (MSW)', { es: 'Maestría en Trabajo Social (MSW)', 'zh-CN': '社会工作硕士（MSW）' }],
  ['Master of Social Work', { es: 'Maestría en Trabajo Social', 'zh-CN': '社会工作硕士' }],
  [
    'MPS in Applied Behavior Analysis (ABA)',
    { es: 'Maestría Profesional (MPS) en Análisis Aplicado de la Conducta (ABA)', 'zh-CN': '应用行为分析专业硕士（MPS，ABA）' },
  ],
  [
    'Master of Professional Studies in Applied Behavior Analysis',
    { es: 'Maestría en Estudios Profesionales en Análisis Aplicado de la Conducta', 'zh-CN': '应用行为分析专业研究硕士' },
  ],
  ['MS in Nutrition', { es: 'Maestría (MS) en Nutrición', 'zh-CN': '营养学理学硕士（MS）' }],
  ['Master of Science in Nutrition', { es: 'Maestría en Ciencias en Nutrición', 'zh-CN': '营养学理学硕士' }],
  ['Master of Speech-Language Pathology', { es: 'Maestría en Patología del Habla y el Lenguaje', 'zh-CN': '言语语言病理学硕士' }],
  [
    'Master of Science in Speech-Language Pathology',
    { es: 'Maestría en Ciencias en Patología del Habla y el Lenguaje', 'zh-CN': '言语语言病理学理学硕士' },
  ],
  ['Occupational Therapy Doctorate (OTD)', { es: 'Doctorado en Terapia Ocupacional (OTD)', 'zh-CN': '职业治疗博士（OTD）' }],
  ['Doctor of Occupational Therapy', { es: 'Doctorado en Terapia Ocupacional', 'zh-CN': '职业治疗博士' }],
  [
    'Advanced Certificate in Applied Behavior Analysis (ABA)',
    { es: 'Certificado Avanzado en Análisis Aplicado de la Conducta (ABA)', 'zh-CN': '应用行为分析高级证书（ABA）' },
  ],
  [
    'Advanced Certificate in Applied Behavior Analysis',
    { es: 'Certificado Avanzado en Análisis Aplicado de la Conducta', 'zh-CN': '应用行为分析高级证书' },
  ],
  ['Medical Prerequisite Courses', { es: 'Cursos de requisitos previos para Medicina', 'zh-CN': '医学先修课程' }],
  ['Medical School Prerequisite Courses', { es: 'Cursos de requisitos previos para la Facultad de Medicina', 'zh-CN': '医学院先修课程' }],
  ['Nutrition Prerequisite Courses', { es: 'Cursos de requisitos previos de Nutrición', 'zh-CN': '营养学先修课程' }],
  ['Occupational Therapy Prerequisite Courses', { es: 'Cursos de requisitos previos de Terapia Ocupacional', 'zh-CN': '职业治疗先修课程' }],
  [
    'Speech-Language Pathology Prerequisite Courses',
    { es: 'Cursos de requisitos previos de Patología del Habla y el Lenguaje', 'zh-CN': '言语语言病理学先修课程' },
  ],
]);

/** A program's label and popup title in one language other than English. */
export interface ProgramTranslation {
  label: string;
  title: string;
}

/** A program's translations as stored (`programs.translations`): by language other than English. */
export type ProgramTranslations = Partial<Record<Exclude<Locale, 'en'>, ProgramTranslation>>;

/** The stored translations of a catalogue entry (languages whose label or title has no text are left out). */
export function translationsOf(label: string, title: string): ProgramTranslations {
  const result: ProgramTranslations = {};
  for (const locale of ['es', 'zh-CN'] as const) {
    const l = PROGRAM_TEXTS.get(label)?.[locale];
    const t = PROGRAM_TEXTS.get(title)?.[locale];
    if (l && t) result[locale] = { label: l, title: t };
  }
  return result;
}
