/** GET /api/dropdowns/: the option lists, looked up by `key` (docs/api.md "Dropdowns"). */
import { api } from './client';

/** One `{value, label}` option. */
export interface DropdownOption {
  value: string;
  label: string;
}

/** One option list as the API answers it. */
export interface Dropdown {
  id: number;
  key: string;
  label: string;
  options: DropdownOption[];
  updated_at: string;
}

let cached: Promise<Dropdown[]> | null = null;

/** Fetches every dropdown once per page load (a failure is not cached). */
export function getDropdowns(): Promise<Dropdown[]> {
  if (!cached) {
    cached = api
      .get<Dropdown[]>('/dropdowns/')
      .then(({ data }) => data)
      .catch((e: unknown) => {
        cached = null;
        throw e;
      });
  }
  return cached;
}

/** The options of the dropdown with `key`, or an empty list when absent. */
export function optionsFor(dropdowns: readonly Dropdown[], key: string): DropdownOption[] {
  return dropdowns.find((d) => d.key === key)?.options ?? [];
}
