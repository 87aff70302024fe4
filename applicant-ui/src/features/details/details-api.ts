/**
 * Calls of the further-details form (spec §7, DESIGN §3–§6): requirements, the current uploads,
 * validate / upload / remove an attachment, and completing the application. Every call carries the
 * application token in `X-Application-Token`.
 */
import axios, { isAxiosError, type AxiosProgressEvent } from 'axios';
import { formBody, type ResponseData } from '../../../../contract/client/create-client';
import { alertForError, api, ApiError, applicationTokenHeader, call, portalHeaders, type Schema } from '../../shared/api/client';
import { fetchRequirements, type Requirements } from '../application/api/application-api';

export type { Requirements };

/** One stored upload as the attachment endpoints answer it (contract `AttachmentView`). */
export type AttachmentView = Schema<'AttachmentView'>;

/** What the upload controls show of a stored upload (a view of {@link AttachmentView}). */
export interface AttachmentInfo {
  id: string;
  /** Slot name (`field` on the wire). */
  field: string;
  /** Original file name. */
  name: string;
  size: number | null;
  contentType: string | null;
  uploadedAt: string | null;
}

/** Maps an attachment answer to {@link AttachmentInfo}; null for a view without an id (a validation answer). */
export function toAttachment(view: AttachmentView | null | undefined): AttachmentInfo | null {
  const id = view?.id ?? view?.attachment;
  if (!view || !id) return null;
  return {
    id,
    field: view.field,
    name: view.name || view.field,
    size: Number.isFinite(view.size) ? view.size : null,
    contentType: view.type || null,
    uploadedAt: view.uploadedAt ?? null,
  };
}

/** GET /api/applications/:id/requirements. */
export function getRequirements(applicationId: string, token: string): Promise<Requirements> {
  return fetchRequirements(applicationId, token);
}

/** GET /api/applications/:id/attachments: the current upload of each slot. */
export async function listAttachments(applicationId: string, token: string): Promise<AttachmentInfo[]> {
  const answer = await call(
    api.GET('/api/applications/{id}/attachments', { params: { path: { id: applicationId } }, headers: applicationTokenHeader(token) }),
  );
  return answer.data.map(toAttachment).filter((a): a is AttachmentInfo => a !== null);
}

function form(parentId: string, field: string, file: Blob & { name?: string }): FormData {
  const body = new FormData();
  body.append('parentId', parentId);
  body.append('field', field);
  body.append('file', file, file.name ?? field);
  return body;
}

/** POST /api/details/attachments/validate (multipart parentId, field, file): checks without storing; answer `data.data`. */
export async function validateAttachment(
  parentId: string,
  token: string,
  field: string,
  file: Blob & { name?: string },
): Promise<AttachmentView> {
  const answer = await call(
    api.POST('/api/details/attachments/validate', {
      body: formBody<'validateAttachment'>(form(parentId, field, file)),
      headers: applicationTokenHeader(token),
    }),
  );
  return answer.data.data;
}

/**
 * POST /api/details/attachments (multipart parentId, field, file) with upload progress: sent through
 * axios (XMLHttpRequest), since `fetch` reports no upload progress; the answer is typed by the contract
 * (`AttachmentResponse`, the view in `data.data`, spec §7) and a failure becomes the same {@link ApiError}
 * as every other call (after the global alerts).
 */
export async function uploadAttachment(
  parentId: string,
  token: string,
  field: string,
  file: Blob & { name?: string },
  onProgress?: (percent: number) => void,
): Promise<AttachmentInfo | null> {
  try {
    const { data } = await axios.post<ResponseData<'uploadAttachment'>>('/api/details/attachments', form(parentId, field, file), {
      headers: { ...portalHeaders(), ...applicationTokenHeader(token) },
      onUploadProgress: (e: AxiosProgressEvent) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
      },
    });
    return toAttachment(data.data.data);
  } catch (error) {
    if (!isAxiosError(error) || !error.response) throw error;
    const headers = new Headers();
    for (const [name, value] of Object.entries(error.response.headers ?? {})) if (typeof value === 'string') headers.set(name, value);
    const failure = new ApiError(new Response(null, { status: error.response.status, headers }), error.response.data);
    alertForError(failure, {});
    throw failure;
  }
}

/** DELETE /api/details/attachments/:id. */
export async function removeAttachment(id: string, token: string): Promise<void> {
  await call(api.DELETE('/api/details/attachments/{id}', { params: { path: { id } }, headers: applicationTokenHeader(token) }));
}

/** POST /api/applications/:id/complete: `submitted` → `complete`; 422 with `data.missing` when slots are missing. */
export async function completeApplication(applicationId: string, token: string): Promise<Schema<'ApplicationRecord'>> {
  return (
    await call(
      api.POST('/api/applications/{id}/complete', { params: { path: { id: applicationId } }, headers: applicationTokenHeader(token) }),
    )
  ).data;
}
