/**
 * A spreadsheet-safe CSV cell (OWASP "CSV injection"): text starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is prefixed with `'` so that Excel or LibreOffice never run it as a formula.
 * Null and undefined become empty cells.
 */
export function csvSafe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
