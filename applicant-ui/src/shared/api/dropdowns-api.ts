/**
 * GET /api/dropdowns/: the option lists, looked up by `key` (docs/api.md "Dropdowns"). The labels come
 * in the page's language (the client sends `Accept-Language`), so the lists are kept per language.
 */
import { currentLocale } from '../../i18n';
import { api, call, type Schema } from './client';

/** One `{value, label}` option (contract `ShownOptionDto`: label in the page's language; value as stored). */
export type DropdownOption = Schema<'ShownOptionDto'>;

/** One option list as the API answers it (contract `DropdownResponse`). */
export type Dropdown = Schema<'DropdownResponse'>;

const cached = new Map<string, Promise<Dropdown[]>>();

/** Fetches every dropdown once per page load and language (a failure is not cached). */
export function getDropdowns(): Promise<Dropdown[]> {
  const locale = currentLocale();
  let lists = cached.get(locale);
  if (!lists) {
    lists = call(api.GET('/api/dropdowns')).catch((e: unknown) => {
      cached.delete(locale);
      throw e;
    });
    cached.set(locale, lists);
  }
  return lists;
}

/** The options of the dropdown with `key`, or an empty list when absent. */
export function optionsFor(dropdowns: readonly Dropdown[], key: string): DropdownOption[] {
  return dropdowns.find((d) => d.key === key)?.options ?? [];
}
