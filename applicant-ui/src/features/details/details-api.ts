/**
 * Calls of the further-details form (spec §7, DESIGN §3–§6): requirements, the current uploads,
 * validate / upload / remove an attachment, and completing the application. Every call carries the
 * application token in `X-Application-Token`.
 */
import type { AxiosProgressEvent } from 'axios';
import { api } from '../../shared/api/client';

/** `GET /api/applications/:id/requirements` (cross-team contract 2). */
export interface Requirements {
  steps: number[];
  sections: string[];
  requiredFields: string[];
  attachmentSlots: string[];
}

/** One stored upload, as the attachment endpoints answer it (normalised by {@link toAttachment}). */
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

const headers = (token: string) => ({ 'X-Application-Token': token });

/** Unwraps `{success, data}` answers (and leaves bare payloads alone). */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: T }).data;
  }
  return body as T;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** Maps an attachment answer (field names vary a little between list and upload answers) to {@link AttachmentInfo}. */
export function toAttachment(raw: unknown): AttachmentInfo | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = str(r.id) ?? str(r.Id);
  const field = str(r.field) ?? str(r.slot);
  if (!id || !field) return null;
  const size = Number(r.size ?? r.sizeBytes);
  return {
    id,
    field,
    name: str(r.name) ?? str(r.originalName) ?? str(r.fileName) ?? field,
    size: Number.isFinite(size) ? size : null,
    contentType: str(r.type) ?? str(r.contentType) ?? str(r.detectedType),
    uploadedAt: str(r.uploadedAt) ?? str(r.createdAt),
  };
}

/** GET /api/applications/:id/requirements. */
export async function getRequirements(applicationId: string, token: string): Promise<Requirements> {
  const { data } = await api.get(`/applications/${encodeURIComponent(applicationId)}/requirements`, { headers: headers(token) });
  const r = unwrap<Partial<Requirements>>(data);
  return {
    steps: r.steps ?? [],
    sections: r.sections ?? [],
    requiredFields: r.requiredFields ?? [],
    attachmentSlots: r.attachmentSlots ?? [],
  };
}

/** GET /api/applications/:id/attachments: the current upload of each slot. */
export async function listAttachments(applicationId: string, token: string): Promise<AttachmentInfo[]> {
  const { data } = await api.get(`/applications/${encodeURIComponent(applicationId)}/attachments`, { headers: headers(token) });
  const list = unwrap<unknown>(data);
  return (Array.isArray(list) ? list : []).map(toAttachment).filter((a): a is AttachmentInfo => a !== null);
}

function form(parentId: string, field: string, file: Blob & { name?: string }): FormData {
  const body = new FormData();
  body.append('parentId', parentId);
  body.append('field', field);
  body.append('file', file, file.name ?? field);
  return body;
}

/** POST /api/details/attachments/validate (multipart parentId, field, file): checks without storing; answer `data.data`. */
export async function validateAttachment(parentId: string, token: string, field: string, file: Blob & { name?: string }): Promise<unknown> {
  const { data } = await api.post<{ data?: unknown }>('/details/attachments/validate', form(parentId, field, file), {
    headers: headers(token),
  });
  return data.data;
}

/** POST /api/details/attachments (multipart parentId, field, file) with upload progress; answer `data.data`. */
export async function uploadAttachment(
  parentId: string,
  token: string,
  field: string,
  file: Blob & { name?: string },
  onProgress?: (percent: number) => void,
): Promise<AttachmentInfo | null> {
  const { data } = await api.post<{ data?: unknown }>('/details/attachments', form(parentId, field, file), {
    headers: headers(token),
    onUploadProgress: (e: AxiosProgressEvent) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  // the server nests the view once more (`{success, data: {data: view}}`, spec §7 "read from data.data")
  return toAttachment(unwrap(data.data));
}

/** DELETE /api/details/attachments/:id. */
export async function removeAttachment(id: string, token: string): Promise<void> {
  await api.delete(`/details/attachments/${encodeURIComponent(id)}`, { headers: headers(token) });
}

/** POST /api/applications/:id/complete: `submitted` → `complete`; 422 with `data.missing` when slots are missing. */
export async function completeApplication(applicationId: string, token: string): Promise<unknown> {
  const { data } = await api.post(`/applications/${encodeURIComponent(applicationId)}/complete`, {}, { headers: headers(token) });
  return unwrap(data);
}
