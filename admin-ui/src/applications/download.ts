/**
 * Downloads a file the API serves only to an authorised caller (the CSV export, a document): the
 * browser cannot add the bearer token to a plain link, so the file is fetched with the console's
 * headers, kept as a blob and saved through a temporary object URL.
 */
import { HttpError } from 'react-admin';
import { getLocale, getToken } from '../cookies';
import { mapServerError } from '../api/serverErrors';
import { filenameFromDisposition } from './files';

/**
 * Fetches `url` with `Authorization: Bearer <token>` and saves the answer as a file.
 * @param fallbackName file name when the answer's `Content-Disposition` gives none
 * @returns the saved file's name and size in bytes
 * @throws HttpError with the server's message (error shape of DESIGN §4) when the answer is not 2xx
 */
export async function downloadWithToken(url: string, fallbackName: string): Promise<{ name: string; size: number }> {
  const headers = new Headers({ 'Accept-Language': getLocale(), 'X-Requested-With': 'XMLHttpRequest' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const mapped = mapServerError(response.status, body, response.statusText);
    throw new HttpError(mapped.message, mapped.status, mapped.body);
  }
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // give the browser a moment to start the download before the URL goes
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
  return { name, size: blob.size };
}
