import type { FieldErrorMessage } from '../../common/errors/api.exception.js';
import type { ShownOption } from '../dropdowns/dropdowns.seed-data.js';
import {
  APPLICATION_FIELDS,
  EMPLOYMENT_DETAIL_FIELDS,
  PREREQUISITE_SUBJECTS,
  SPOUSE_FIELDS,
  type FieldSpec,
} from './application-fields.js';

/**
 * Save-time rules beyond the DTO's formats, checked against data only the server has:
 * - option values must be among the CURRENT options of their dropdown (`APPLICATION_FIELDS`);
 * - conditional fields are accepted only when their condition holds in the merged record (the saved
 *   answers with this save applied): spouse fields when married, employment details when employed,
 *   the "other" texts when Other is chosen. Clearing (null) is always allowed. Answers stored while
 *   the condition held are kept when it stops holding (so switching back loses nothing); the rule set
 *   ignores them.
 * Each returns field errors by dotted path (empty when fine).
 */

type Errors = Record<string, FieldErrorMessage[]>;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Field errors for option values not among the current options (`options` by dropdown key). */
export function optionErrors(patch: Record<string, unknown>, options: Map<string, ShownOption[]>, gender?: string): Errors {
  const errors: Errors = {};
  const check = (path: string, key: string, value: unknown) => {
    if (!present(value)) return;
    const allowed = options.get(key) ?? [];
    if (!allowed.some((o) => o.value === value)) errors[path] = [{ key: 'validation.isIn' }];
  };
  for (const [name, value] of Object.entries(patch)) {
    const spec = APPLICATION_FIELDS[name];
    if (!spec) continue;
    if (spec.options) check(name, optionKeyOf(spec, gender)!, value);
    if (spec.subOptions && value && typeof value === 'object') {
      for (const [sub, key] of Object.entries(spec.subOptions)) check(`${name}.${sub}`, key, (value as Record<string, unknown>)[sub]);
    }
  }
  return errors;
}

/** The dropdown key a field's value must be an option of, for an application of `gender` (men's lists where they differ). */
export function optionKeyOf(spec: FieldSpec, gender?: string): string | undefined {
  return gender === 'Male' && spec.optionsForMen ? spec.optionsForMen : spec.options;
}

/** The dropdown keys a patch's option fields need, for an application of `gender`. */
export function dropdownKeysOf(patch: Record<string, unknown>, gender?: string): Set<string> {
  const keys = new Set<string>();
  for (const name of Object.keys(patch)) {
    const spec = APPLICATION_FIELDS[name];
    const key = spec && optionKeyOf(spec, gender);
    if (key) keys.add(key);
    for (const key of Object.values(spec?.subOptions ?? {})) keys.add(key);
  }
  return keys;
}

/** Field errors for conditional fields sent while their condition does not hold in `merged`. */
export function conditionErrors(patch: Record<string, unknown>, merged: Record<string, unknown>): Errors {
  const errors: Errors = {};
  const refuse = (path: string, key: string) => (errors[path] = [{ key }]);
  if (merged.maritalStatus !== 'Married') {
    for (const name of SPOUSE_FIELDS) if (present(patch[name])) refuse(name, 'validation.onlyWhenMarried');
  }
  if (merged.currentlyEmployed !== 'Yes') {
    for (const name of EMPLOYMENT_DETAIL_FIELDS) if (present(patch[name])) refuse(name, 'validation.onlyWhenEmployed');
  }
  if (present(patch.seminaryNameOther) && merged.seminaryName !== 'Other') refuse('seminaryNameOther', 'validation.onlyWithOther');
  for (const subject of PREREQUISITE_SUBJECTS) {
    const info = patch[`${subject}Info`] as Record<string, unknown> | null | undefined;
    if (!info || typeof info !== 'object') continue;
    if (present(info.collegeOther) && info.college !== 'Other') refuse(`${subject}Info.collegeOther`, 'validation.onlyWithOther');
    if (present(info.examTakenOther) && info.examTaken !== 'Other') refuse(`${subject}Info.examTakenOther`, 'validation.onlyWithOther');
  }
  return errors;
}
