import type { TestApp } from './test-app.js';

/**
 * `GET /api/admin/applications/export.csv` (or another CSV export at `path`) as `token`, each query value
 * JSON-encoded (`filter`, `sort`); the body is the whole CSV text (BOM included).
 */
export function requestExport(t: TestApp, token: string, query: Record<string, unknown> = {}, path = '/api/admin/applications/export.csv') {
  return t
    .http()
    .get(path)
    .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
    .set({ Authorization: `Bearer ${token}` })
    .buffer(true)
    .parse((res, callback) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => callback(null, data));
    });
}

/** Parses the CSV the export answers (quoted fields, doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}
