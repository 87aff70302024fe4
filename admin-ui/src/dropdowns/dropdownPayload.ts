/** What Manage Dropdowns sends for one edited list, and its form-level check (pure: unit-tested). */
import { cleanLabel } from './translations';
import type { Schema } from '../api/contract-types';
import type { DropdownOption, DropdownRecord } from './types';

/** Sends only what the API updates: `{ label, options }`, each option label per language (issue 11). */
export function toDropdownPayload(data: Partial<DropdownRecord>): Schema<'UpdateDropdownDto'> {
  return {
    label: (data.label ?? '').trim(),
    options: (data.options ?? []).map((o: DropdownOption) => ({
      value: String(o?.value ?? '').trim(),
      label: cleanLabel(o?.label),
    })),
  };
}

/** Form-level check: option values must be unique within a list. */
export function validateDropdown(values: Partial<DropdownRecord>): Record<string, unknown> {
  const seen = new Set<string>();
  const optionErrors: Record<number, { value: string }> = {};
  (values.options ?? []).forEach((o, i) => {
    const v = String(o?.value ?? '').trim();
    if (!v) return;
    if (seen.has(v)) optionErrors[i] = { value: 'app.dropdowns.duplicate_value' };
    seen.add(v);
  });
  return Object.keys(optionErrors).length ? { options: optionErrors } : {};
}
