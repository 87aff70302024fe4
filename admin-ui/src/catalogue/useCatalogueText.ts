/**
 * How the catalogue's values are named in the console's language: genders, program groups, section flags
 * (as react-admin choices), and programs and terms in choice lists.
 */
import { useLocaleState, useTranslate } from 'react-admin';
import { programOptionText } from './program';
import { termOptionText } from './term';
import { GENDERS, PROGRAM_GROUPS, SECTION_FLAGS, type ProgramRecord, type TermRecord } from './types';

/** Gender choices (message keys). */
export const GENDER_CHOICES = GENDERS.map((gender) => ({ id: gender, name: `app.catalogue.gender.${gender}` }));
/** Program-group choices (message keys). */
export const GROUP_CHOICES = PROGRAM_GROUPS.map((group) => ({ id: group, name: `app.catalogue.group.${group}` }));
/** Section-flag choices (message keys), in form order. */
export const FLAG_CHOICES = SECTION_FLAGS.map((flag) => ({ id: flag, name: `app.catalogue.flag.${flag}` }));

/** Namers of the catalogue's values in the console's language, and that language. */
export function useCatalogueText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const gender = (value: string) => translate(`app.catalogue.gender.${value}`, { _: value });
  return {
    locale,
    /** "Female", "Mujeres"… */
    gender,
    /** "Graduate"… */
    group: (value: string) => translate(`app.catalogue.group.${value}`, { _: value }),
    /** A program in a choice list: gender, stored name and its name in the console's language. */
    program: (record: ProgramRecord) => programOptionText(record, locale, gender(record.gender)),
    /** A term in a choice list: its name, key and first day. */
    term: (record: TermRecord) => termOptionText(record, locale),
  };
}
