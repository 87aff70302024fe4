/**
 * Pure helpers for the files the console downloads: the CSV export URL of the filtered list and the
 * file name a `Content-Disposition` header gives.
 */

/** Filter values worth sending: empty strings, null, undefined and empty lists are dropped. */
export function cleanFilter(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );
}

/**
 * URL of `GET <base>/<resource>/export.csv` for the list's current filter and sort, in the
 * ra-data-simple-rest dialect (`filter` and `sort` as JSON; no range: every matching row).
 * @param base the admin API base, e.g. `/api/admin`
 * @param resource the list's resource (default `applications`; also `class-shape`)
 */
export function csvExportUrl(
  base: string,
  filter: Record<string, unknown>,
  sort?: { field: string; order: string },
  resource = 'applications',
): string {
  const params = new URLSearchParams();
  params.set('filter', JSON.stringify(cleanFilter(filter)));
  if (sort?.field) params.set('sort', JSON.stringify([sort.field, sort.order === 'ASC' ? 'ASC' : 'DESC']));
  return `${base}/${resource}/export.csv?${params.toString()}`;
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 5987, UTF-8,
 * percent-encoded) wins over `filename`; `fallback` when neither is usable. Path parts are removed.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      name = decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]?.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}
