import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Issue 25 "time is data": outside migrations and tests, no source file names a term or a cycle's year —
 * the office sets terms, windows, deadlines and fees in the console. This scans the shipped sources of the
 * three parts (server, applicant-ui, admin-ui) for a season with a year in any of the portal's languages.
 */

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '../..');
const SOURCES = ['server/src', 'applicant-ui/src', 'admin-ui/src'];
const TEST_FILE = /(\.spec\.tsx?|\.fixture\.tsx?|\/test\/)/;
const TERM_WITH_YEAR = [
  /\b(Spring|Summer|Fall|Autumn|Winter)\s+(19|20)\d{2}\b/i,
  /\b(Primavera|Verano|Otoño|Invierno)\s+(de\s+)?(19|20)\d{2}\b/i,
  /(19|20)\d{2}\s*年\s*(春|夏|秋|冬)季/,
];

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.(ts|tsx|json|mjs|js)$/.test(entry.name)) yield path;
  }
}

describe('no source names a term (issue 25)', () => {
  it('finds no season-and-year in the shipped sources of server, applicant-ui and admin-ui', async () => {
    const found: string[] = [];
    let scanned = 0;
    for (const source of SOURCES) {
      for await (const file of sourceFiles(join(ROOT, source))) {
        const name = relative(ROOT, file);
        if (TEST_FILE.test(name)) continue;
        scanned += 1;
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, index) => {
          if (TERM_WITH_YEAR.some((pattern) => pattern.test(line))) found.push(`${name}:${index + 1}: ${line.trim()}`);
        });
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
