/**
 * Record shape of `/api/admin/dropdowns` (docs/api.md), from the contract: every option label in each
 * language of the product (issue 11 item 3).
 */
import type { Schema } from '../api/contract-types';

/** The languages an option label is written in (English required), in the order the editor shows them. */
export const LABEL_LOCALES = ['en', 'es', 'zh-CN'] as const satisfies readonly (keyof LocalizedLabel)[];
export type LabelLocale = (typeof LABEL_LOCALES)[number];

/** An option's label per language; a missing or blank language is shown to applicants in English. */
export type LocalizedLabel = Schema<'LocalizedLabelDto'>;

/** One option of a dropdown list: the stored value and its labels. */
export type DropdownOption = Schema<'LocalizedOptionDto'>;

/** A dropdown list as the admin API returns it (`missingTranslations`: labels missing over all options and languages). */
export type DropdownRecord = Schema<'AdminDropdownResponse'>;
