/**
 * The three-language option labels of Manage Dropdowns (issue 11 item 3): what an edited list sends, and
 * which labels are missing (flagged beside each option and counted for the list).
 */
import { LABEL_LOCALES, type DropdownOption, type LabelLocale, type LocalizedLabel } from './types';

/** An option label as the form holds it: per language, or text (a record in the shape before issue 11). */
type FormLabel = Partial<Record<LabelLocale, unknown>> | string | null | undefined;

/** The label per language, trimmed; blank languages left out (English kept even when blank, the API refuses it). */
export function cleanLabel(label: FormLabel): LocalizedLabel {
  const byLocale: Partial<Record<LabelLocale, unknown>> = typeof label === 'string' ? { en: label } : (label ?? {});
  const clean: LocalizedLabel = { en: String(byLocale.en ?? '').trim() };
  for (const locale of ['es', 'zh-CN'] as const) {
    const text = String(byLocale[locale] ?? '').trim();
    if (text) clean[locale] = text;
  }
  return clean;
}

/** The languages an option's label lacks (absent or blank), in {@link LABEL_LOCALES} order. */
export function missingLocalesOf(label: FormLabel): LabelLocale[] {
  const byLocale: Partial<Record<LabelLocale, unknown>> = typeof label === 'string' ? { en: label } : (label ?? {});
  return LABEL_LOCALES.filter((locale) => !String(byLocale[locale] ?? '').trim());
}

/** How many labels the options lack, over all options and languages. */
export function missingTranslationCount(options: readonly (Partial<DropdownOption> | undefined)[] | undefined): number {
  return (options ?? []).reduce((n, option) => n + missingLocalesOf(option?.label as FormLabel).length, 0);
}
