/**
 * Option lists of the applications filters. Programs and terms come from the public endpoints
 * (`GET /api/programs?gender=…`, both genders merged; `GET /api/programs/terms`: every term, open or not,
 * by first day of classes — issue 25), labelled
 * in the admin's language (`Accept-Language`; loaded again when it changes, issue 11); the fixed lists
 * (status, group, gender, payment status) from {@link ./types}.
 */
import { useEffect, useState } from 'react';
import { useLocaleState } from 'react-admin';
import { api, unwrap } from '../api/client';
import { choiceLabel, programChoices, semesterChoices, type Choice } from './options';

/** Program and semester choices, empty until loaded (a failed load leaves them empty). */
export interface RemoteChoices {
  programs: Choice[];
  semesters: Choice[];
}

/** The program or semester label of a stored value, in the admin's language (loads the choices itself). */
export function useChoiceLabel(kind: keyof RemoteChoices, value: string | null | undefined): string {
  return choiceLabel(useRemoteChoices()[kind], value);
}

/**
 * The choices of each language, loaded once and shared by every component that shows a label (a list shows
 * one per row: without this each row would fetch the four lists again). A failed load is forgotten, so the
 * next mount tries again.
 */
const loaded = new Map<string, Promise<RemoteChoices>>();

/** No choices yet (before the first load, or after a failed one). */
const EMPTY: RemoteChoices = { programs: [], semesters: [] };

type Gender = 'female' | 'male';
const programs = (gender: Gender) => unwrap(api.GET('/api/programs', { params: { query: { gender } } }));
const terms = () => unwrap(api.GET('/api/programs/terms'));

/** The program and semester choices in `locale` (one request per list and language). */
function loadChoices(locale: string): Promise<RemoteChoices> {
  let choices = loaded.get(locale);
  if (!choices) {
    choices = Promise.all([programs('female'), programs('male'), terms()]).then(([pf, pm, all]) => ({
      programs: programChoices([pf, pm]),
      semesters: semesterChoices([all]),
    }));
    choices.catch(() => loaded.delete(locale));
    loaded.set(locale, choices);
  }
  return choices;
}

/** Loads the program and semester choices of the admin's language (shared, see {@link loadChoices}). */
export function useRemoteChoices(): RemoteChoices {
  const [locale] = useLocaleState();
  const [choices, setChoices] = useState<RemoteChoices>(EMPTY);
  useEffect(() => {
    let live = true;
    loadChoices(locale).then(
      (result) => live && setChoices(result),
      () => undefined, // a failed load leaves the lists empty (values are shown as stored)
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return choices;
}
