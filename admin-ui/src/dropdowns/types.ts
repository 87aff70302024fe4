/**
 * Record shape of `/api/admin/dropdowns` (docs/api.md): every option label in each language of the
 * product (issue 11 item 3).
 */

/** The languages an option label is written in (English required). */
export const LABEL_LOCALES = ['en', 'es', 'zh-CN'] as const;
export type LabelLocale = (typeof LABEL_LOCALES)[number];

/** An option's label per language; a missing or blank language is shown to applicants in English. */
export type LocalizedLabel = { en: string } & Partial<Record<Exclude<LabelLocale, 'en'>, string>>;

/** One option of a dropdown list: the stored value and its labels. */
export interface DropdownOption {
  value: string;
  label: LocalizedLabel;
}

/** A dropdown list as the admin API returns it. */
export interface DropdownRecord {
  id: number | string;
  key: string;
  label: string;
  options: DropdownOption[];
  updated_at?: string;
  /** Labels missing over all options and languages (the server's count). */
  missingTranslations?: number;
}
