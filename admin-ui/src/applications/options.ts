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

/** Merges the semester answers of both genders, each once, in calendar order. */
export function semesterChoices(lists: { name: string }[][]): Choice[] {
  const names = new Set<string>();
  for (const list of lists) for (const s of list) if (s?.name) names.add(s.name);
  return [...names].sort((a, b) => semesterOrder(a) - semesterOrder(b) || a.localeCompare(b)).map((n) => ({ id: n, name: n }));
}
