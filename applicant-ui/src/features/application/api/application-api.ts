/** Application and token calls (docs/api.md "Applications and tokens"). */
import { api } from '../../../shared/api/client';
import type { ApplicationRecord } from './application-types';

/** Body of POST /api/applications. */
export interface StartApplicationBody {
  gender: 'Female' | 'Male';
  fieldOfInterest: string;
  semester: string;
  location?: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
}

/** Answer of POST /api/applications. */
export interface StartApplicationAnswer {
  success: true;
  token: string;
  id: string;
  data: ApplicationRecord;
}

/** Answer of GET /api/token/check. */
export interface TokenCheckAnswer {
  success: true;
  code: string;
  purpose: 'application' | 'details' | string;
  data: ApplicationRecord;
}

/** POST /api/applications: creates a draft and returns its token and record. */
export async function startApplication(body: StartApplicationBody): Promise<StartApplicationAnswer> {
  const { data } = await api.post<StartApplicationAnswer>('/applications', body);
  return data;
}

/** GET /api/token/check?token=…: validates an application token and returns the record. */
export async function checkToken(token: string): Promise<TokenCheckAnswer> {
  const { data } = await api.get<TokenCheckAnswer>('/token/check', { params: { token } });
  return data;
}

/**
 * PATCH /api/applications/{id} with header `X-Application-Token`; body `{version, stepReached?, …fields}`.
 * Resolves with the saved record (new `version`); rejects with the axios error (409 APP-409, 422 VAL-001…).
 */
export async function saveApplication(
  id: string,
  token: string,
  body: { version: number; stepReached?: string } & Record<string, unknown>,
): Promise<ApplicationRecord> {
  const { data } = await api.patch<{ success: true; data: ApplicationRecord }>(`/applications/${encodeURIComponent(id)}`, body, {
    headers: { 'X-Application-Token': token },
  });
  return data.data;
}
