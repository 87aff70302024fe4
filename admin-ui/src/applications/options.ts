/**
 * Pure helpers for the option lists of the applications filters: the public program and semester
 * answers merged into react-admin choices.
 */
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
 * Merges term lists, each term once, in the order given (the server's: by first day of classes, issue 25 —
 * the client never reads a season or a year from a name): value = the stored key, label = its `label` in
 * the admin's language (issue 11), else the key.
 */
export function semesterChoices(lists: { name: string; label?: string }[][]): Choice[] {
  const byName = new Map<string, string>();
  for (const list of lists) for (const s of list) if (s?.name && !byName.has(s.name)) byName.set(s.name, s.label || s.name);
  return [...byName].map(([id, name]) => ({ id, name }));
}

/** The label of a stored value among `choices` (a program's or semester's name in the admin's language); the value itself when unknown. */
export function choiceLabel(choices: readonly Choice[], value: string | null | undefined): string {
  if (!value) return '';
  return choices.find((c) => c.id === value)?.name ?? value;
}
