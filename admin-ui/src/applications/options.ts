/**
 * Pure helpers for the option lists of the applications filters: the public program and semester
 * answers of both genders merged into react-admin choices.
 */
import { semesterOrder } from '../dashboard/stats';

/** A react-admin choice. */
export interface Choice {
  id: string;
  name: string;
}

/**
 * Merges the program answers of both genders into choices: value = program `name` (what
 * `fieldOfInterest` stores), label = its `label`, sorted by label, each once.
 */
export function programChoices(lists: { name: string; label?: string }[][]): Choice[] {
  const byName = new Map<string, string>();
  for (const list of lists) for (const p of list) if (p?.name && !byName.has(p.name)) byName.set(p.name, p.label || p.name);
  return [...byName].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Merges the semester answers of both genders, each once, in calendar order: value = the stored name,
 * label = its `label` in the admin's language (issue 11), else the name.
 */
export function semesterChoices(lists: { name: string; label?: string }[][]): Choice[] {
  const byName = new Map<string, string>();
  for (const list of lists) for (const s of list) if (s?.name && !byName.has(s.name)) byName.set(s.name, s.label || s.name);
  return [...byName].sort(([a], [b]) => semesterOrder(a) - semesterOrder(b) || a.localeCompare(b)).map(([id, name]) => ({ id, name }));
}

/** The label of a stored value among `choices` (a program's or semester's name in the admin's language); the value itself when unknown. */
export function choiceLabel(choices: readonly Choice[], value: string | null | undefined): string {
  if (!value) return '';
  return choices.find((c) => c.id === value)?.name ?? value;
}
