/**
 * The program catalogue's calls (docs/api.md "Programs"), without the display helpers of `programs-api.ts`
 * (so the form pages' first request for it can start from the main bundle, issue 28). Labels come in the
 * page's language (`Accept-Language`, issue 11).
 */
import { createContext } from 'react';
import { currentLocale } from '../../i18n';
import { api, call, type Schema } from '../../shared/api/client';

/** Applicant gender as the API's query parameter wants it. */
export type GenderQuery = 'female' | 'male';

/** A field of interest as GET /api/programs answers it (contract `ProgramResponse`). */
export type Program = Schema<'ProgramResponse'>;

/** A term as GET /api/programs/terms answers it (contract `SemesterResponse`: `begins` is `YYYY-MM`; `label` in the page's language). */
export type Semester = Schema<'SemesterResponse'>;

/** The programs of a gender and every term, in the page's language. */
export interface Catalogue {
  programs: Program[];
  semesters: Semester[];
}

/** GET /api/programs?gender=… */
export async function fetchPrograms(gender: GenderQuery): Promise<Program[]> {
  return call(api.GET('/api/programs', { params: { query: { gender } } }));
}

/**
 * GET /api/programs/terms: every term's name in the page's language, open or not (issue 25), so a saved
 * term (a draft's, a decision's) is shown by its name even once its window has closed.
 */
export async function fetchSemesters(): Promise<Semester[]> {
  return call(api.GET('/api/programs/terms'));
}

/** 'female' / 'male' for a gender as records and routes write it ('Female', 'male' …); null for anything else. */
export function genderQuery(gender: string | null | undefined): GenderQuery | null {
  const g = gender?.toLowerCase();
  return g === 'female' || g === 'male' ? g : null;
}

/** Catalogue requests under way, by language and gender: asked for twice at once, fetched once. */
const pending = new Map<string, Promise<Catalogue>>();
/** Catalogues requested before the page asked for them ({@link prefetchCatalogue}), each handed out once. */
const early = new Map<string, Promise<Catalogue>>();

function requestCatalogue(key: string, gender: GenderQuery): Promise<Catalogue> {
  let request = pending.get(key);
  if (!request) {
    request = Promise.all([fetchPrograms(gender), fetchSemesters()]).then(([programs, semesters]) => ({ programs, semesters }));
    pending.set(key, request);
    const done = () => void pending.delete(key);
    request.then(done, done);
  }
  return request;
}

/**
 * The catalogue of `gender` in the page's language: the one {@link prefetchCatalogue} asked for (once), a
 * request already under way, or a new one.
 */
export function loadCatalogue(gender: GenderQuery): Promise<Catalogue> {
  const key = `${currentLocale()}|${gender}`;
  const prefetched = early.get(key);
  if (prefetched) {
    early.delete(key);
    return prefetched;
  }
  return requestCatalogue(key, gender);
}

/**
 * Asks for the catalogue of a record's gender before the page does (nothing for an unknown gender); the
 * next {@link loadCatalogue} of it takes the answer. A failure is left to that caller.
 */
export function prefetchCatalogue(gender: string | null | undefined): void {
  const g = genderQuery(gender);
  if (!g) return;
  const key = `${currentLocale()}|${g}`;
  if (early.has(key)) return;
  const request = requestCatalogue(key, g);
  request.catch(() => undefined);
  early.set(key, request);
}

/**
 * The catalogue a form page loaded for its record's gender (null while loading or failed): the steps
 * below it read this one instead of requesting it again.
 */
export const CatalogueContext = createContext<{ gender: GenderQuery; catalogue: Catalogue | null } | null>(null);
