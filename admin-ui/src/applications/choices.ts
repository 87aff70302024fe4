/**
 * Option lists of the applications filters. Programs and semesters come from the public endpoints
 * (`GET /api/programs?gender=…`, `GET /api/programs/semesters?gender=…`, both genders merged), labelled
 * in the admin's language (`Accept-Language`; loaded again when it changes, issue 11); the fixed lists
 * (status, group, gender, payment status) from {@link ./types}.
 */
import { useEffect, useState } from 'react';
import { useLocaleState } from 'react-admin';
import { API_URL } from '../config';
import { httpClient } from '../api/httpClient';
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

/** Loads the program and semester choices once per mount and language. */
export function useRemoteChoices(): RemoteChoices {
  const [locale] = useLocaleState();
  const [choices, setChoices] = useState<RemoteChoices>({ programs: [], semesters: [] });
  useEffect(() => {
    let live = true;
    const get = async <T>(path: string): Promise<T[]> => {
      try {
        const { json } = await httpClient(`${API_URL}${path}`);
        const body = json as T[] | { data?: T[] };
        return Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : [];
      } catch {
        return [];
      }
    };
    Promise.all([
      get<{ name: string; label?: string }>('/programs?gender=female'),
      get<{ name: string; label?: string }>('/programs?gender=male'),
      get<{ name: string; label?: string }>('/programs/semesters?gender=female'),
      get<{ name: string; label?: string }>('/programs/semesters?gender=male'),
    ]).then(([pf, pm, sf, sm]) => {
      if (live) setChoices({ programs: programChoices([pf, pm]), semesters: semesterChoices([sf, sm]) });
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return choices;
}
