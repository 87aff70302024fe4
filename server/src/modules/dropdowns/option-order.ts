import type { Locale } from '../../common/i18n/i18n.service.js';

/**
 * Lists of names (issue 27 item 3 "lists in the viewer's order"): shown sorted by their labels in the
 * viewer's language with `Intl.Collator` (Spanish: Alemania after Afganistán, not among the G's; Chinese:
 * by pinyin), not in the stored (English) order. Lists whose order means something (months, yes/no,
 * frequencies) keep the order the office stored.
 */
export const NAME_LISTS: ReadonlySet<string> = new Set(['countries', 'states', 'colleges', 'seminaries', 'yeshivas']);

/** Options kept at the top of a name list, in this order, whatever the language (the country most applicants pick). */
const PINNED_FIRST: Readonly<Record<string, readonly string[]>> = { countries: ['United States'] };
/** Option values kept at the end of any name list ("Other" opens a free-text answer). */
const PINNED_LAST: ReadonlySet<string> = new Set(['Other']);

/** One collator per language (building one costs far more than a comparison). */
const collators = new Map<Locale, Intl.Collator>();

/**
 * `options` in the order `locale`'s reader expects: for a list of {@link NAME_LISTS}, the pinned first
 * options (in their order), then the rest by `label` with the language's collation (accents and case
 * second, numbers by value), then "Other"; any other list unchanged. Pure: returns a new array.
 * @param key the list's key (`countries`)
 * @param options the list's options with their labels already in `locale`
 */
export function orderOptions<T extends { value: string; label: string }>(key: string, options: readonly T[], locale: Locale): T[] {
  if (!NAME_LISTS.has(key)) return [...options];
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  const first = PINNED_FIRST[key] ?? [];
  const head = first.flatMap((value) => options.filter((o) => o.value === value));
  const tail = options.filter((o) => PINNED_LAST.has(o.value));
  const rest = options.filter((o) => !first.includes(o.value) && !PINNED_LAST.has(o.value));
  return [...head, ...rest.sort((a, b) => collator.compare(a.label, b.label) || a.value.localeCompare(b.value, 'en')), ...tail];
}
