/**
 * Plurals through i18next (issue 14): each counted message in en, es and zh-CN for 0, 1 and 2, with the
 * message files themselves and i18next's plural resolution (Intl.PluralRules).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance } from 'i18next';

const LOCALES = ['en', 'es', 'zh-CN'] as const;
const load = (name: string) => JSON.parse(readFileSync(join(process.cwd(), 'src', 'i18n', 'locales', `${name}.json`), 'utf8')) as object;

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: load(l) }])),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} as Parameters<typeof i18n.init>[0]);

const EXPECTED: Record<(typeof LOCALES)[number], Record<string, [string, string, string]>> = {
  en: {
    'autosave.invalid': [
      '0 answers not saved — fix them to save',
      '1 answer not saved — fix it to save',
      '2 answers not saved — fix them to save',
    ],
    'auth.too_many': [
      'Too many attempts. Please wait 0 seconds and try again.',
      'Too many attempts. Please wait 1 second and try again.',
      'Too many attempts. Please wait 2 seconds and try again.',
    ],
    'review.missing_intro': [
      '0 required answers are missing. Follow each link to answer it:',
      '1 required answer is missing. Follow the link to answer it:',
      '2 required answers are missing. Follow each link to answer it:',
    ],
    'session.warning_text': [
      'For your security, this session ends in about 0 minutes. Your answers are saved. Do you want to keep working?',
      'For your security, this session ends in about 1 minute. Your answers are saved. Do you want to keep working?',
      'For your security, this session ends in about 2 minutes. Your answers are saved. Do you want to keep working?',
    ],
  },
  es: {
    'autosave.invalid': [
      '0 respuestas sin guardar — corríjalas para guardarlas',
      '1 respuesta sin guardar — corríjala para guardarla',
      '2 respuestas sin guardar — corríjalas para guardarlas',
    ],
    'auth.too_many': [
      'Demasiados intentos. Espere 0 segundos e inténtelo de nuevo.',
      'Demasiados intentos. Espere 1 segundo e inténtelo de nuevo.',
      'Demasiados intentos. Espere 2 segundos e inténtelo de nuevo.',
    ],
    'review.missing_intro': [
      'Faltan 0 respuestas obligatorias. Siga cada enlace para responder:',
      'Falta 1 respuesta obligatoria. Siga el enlace para responder:',
      'Faltan 2 respuestas obligatorias. Siga cada enlace para responder:',
    ],
    'session.warning_text': [
      'Por su seguridad, esta sesión termina en unos 0 minutos. Sus respuestas están guardadas. ¿Desea seguir trabajando?',
      'Por su seguridad, esta sesión termina en unos 1 minuto. Sus respuestas están guardadas. ¿Desea seguir trabajando?',
      'Por su seguridad, esta sesión termina en unos 2 minutos. Sus respuestas están guardadas. ¿Desea seguir trabajando?',
    ],
  },
  'zh-CN': {
    'autosave.invalid': ['0 个回答未保存 — 请更正后保存', '1 个回答未保存 — 请更正后保存', '2 个回答未保存 — 请更正后保存'],
    'auth.too_many': ['尝试次数过多。请等待 0 秒后重试。', '尝试次数过多。请等待 1 秒后重试。', '尝试次数过多。请等待 2 秒后重试。'],
    'review.missing_intro': [
      '缺少 0 项必填答案。请点击每个链接进行填写：',
      '缺少 1 项必填答案。请点击每个链接进行填写：',
      '缺少 2 项必填答案。请点击每个链接进行填写：',
    ],
    'session.warning_text': [
      '为了您的安全，本次会话将在约 0 分钟后结束。您的答案已保存。是否继续填写？',
      '为了您的安全，本次会话将在约 1 分钟后结束。您的答案已保存。是否继续填写？',
      '为了您的安全，本次会话将在约 2 分钟后结束。您的答案已保存。是否继续填写？',
    ],
  },
};

describe.each(LOCALES)('plurals in %s', (locale) => {
  it.each(Object.keys(EXPECTED[locale]))('%s for 0, 1 and 2', (key) => {
    expect([0, 1, 2].map((count) => i18n.t(key, { lng: locale, count }))).toEqual(EXPECTED[locale][key]);
  });
});

it('Spanish takes its "many" form for a million (digits, so no "de")', () => {
  expect(i18n.t('autosave.invalid', { lng: 'es', count: 1_000_000 })).toBe('1000000 respuestas sin guardar — corríjalas para guardarlas');
});
