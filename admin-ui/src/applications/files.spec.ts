/**
 * The CSV export URL (ra-data-simple-rest dialect, cleaned filter) and Content-Disposition file names.
 */
import { cleanFilter, csvExportUrl, filenameFromDisposition } from './files';

describe('csvExportUrl', () => {
  it('sends the filter and sort as JSON, without a range', () => {
    const url = csvExportUrl('/api/admin', { status: 'submitted', q: 'levi' }, { field: 'lastName', order: 'ASC' });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/admin/applications/export.csv');
    expect(JSON.parse(parsed.searchParams.get('filter')!)).toEqual({ status: 'submitted', q: 'levi' });
    expect(JSON.parse(parsed.searchParams.get('sort')!)).toEqual(['lastName', 'ASC']);
    expect(parsed.searchParams.has('range')).toBe(false);
  });

  it('drops empty filter values and leaves the sort to the server when none is given', () => {
    const parsed = new URL(csvExportUrl('/api/admin', { q: '', status: [], gender: null, createdFrom: '2026-01-01' }), 'http://x');
    expect(JSON.parse(parsed.searchParams.get('filter')!)).toEqual({ createdFrom: '2026-01-01' });
    expect(parsed.searchParams.has('sort')).toBe(false);
  });

  it('encodes characters that matter in a query string', () => {
    const url = csvExportUrl('/api/admin', { q: 'a&b=c #1' });
    expect(url).not.toContain('&b=');
    expect(JSON.parse(new URL(url, 'http://x').searchParams.get('filter')!)).toEqual({ q: 'a&b=c #1' });
  });

  it('cleanFilter keeps false and 0', () => {
    expect(cleanFilter({ a: false, b: 0, c: undefined })).toEqual({ a: false, b: 0 });
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename* (UTF-8, percent-encoded)', () => {
    expect(filenameFromDisposition(`attachment; filename="r?sum?.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`, 'x')).toBe('résumé.pdf');
  });
  it('reads quoted and bare filename', () => {
    expect(filenameFromDisposition('attachment; filename="applications-2026-11-22.csv"', 'x')).toBe('applications-2026-11-22.csv');
    expect(filenameFromDisposition('attachment; filename=plain.txt', 'x')).toBe('plain.txt');
    expect(filenameFromDisposition('attachment; filename="a \\"quoted\\" name.pdf"', 'x')).toBe('a "quoted" name.pdf');
  });
  it('strips paths and falls back when there is no usable name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(filenameFromDisposition('attachment', 'fallback.bin')).toBe('fallback.bin');
    expect(filenameFromDisposition(null, 'fallback.bin')).toBe('fallback.bin');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.bin')).toBe('fallback.bin');
  });
});
