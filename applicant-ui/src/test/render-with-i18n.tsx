/**
 * Test helper: renders a tree inside an English i18next instance (the real `en.json`), for jsdom
 * component tests of the applicant-ui.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';

/** An initialised English i18next instance over `src/i18n/locales/<lng>.json`. */
export async function testI18n(lng: 'en' | 'es' | 'zh-CN' = 'en'): Promise<I18n> {
  const resources = JSON.parse(readFileSync(join(process.cwd(), `src/i18n/locales/${lng}.json`), 'utf8')) as Record<string, unknown>;
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
  return i18n;
}

/** Renders `node` with `i18n` provided. */
export function renderWithI18n(i18n: I18n, node: ReactNode): RenderResult {
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}
