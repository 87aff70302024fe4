import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { es } from '../src/common/i18n/messages.es.js';
import {
  TRAILING_HTML,
  cleanDocx,
  docxBomb,
  docxWithVbaProject,
  encryptedPdf,
  jpegWithGpsAndTrailingHtml,
  pdfWithEmbeddedFile,
  pdfWithHexEscapedJavaScript,
  pdfWithLaunchAction,
  pdfWithOpenActionJavaScript,
  wordCompoundFile,
} from './support/active-content-files.js';
import { makePdf, makePng } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Issue 26 item 3 through the real multipart API: documents with active content are refused with their
 * own code and the message in the caller's language, leave neither a row nor a stored file, and never
 * displace the slot's current document; pictures are stored re-encoded.
 */
describe('Attachments: documents without active content', () => {
  let t: TestApp;
  let a: { token: string; id: string };
  /** Every active document tried, and how many the portal kept (rows or stored files). */
  const tally = { tried: 0, kept: 0 };

  const upload = (app: { token: string; id: string }, field: string, file: Buffer, name: string, path = '/api/details/attachments') =>
    t
      .http()
      .post(path)
      .set('Accept-Language', 'es')
      .set('X-Application-Token', app.token)
      .field('parentId', app.id)
      .field('field', field)
      .attach('file', file, name);
  const rowsOf = async (applicationId: string) =>
    (await t.db.query('SELECT * FROM attachments WHERE application_id = $1 ORDER BY uploaded_at', [applicationId])).rows;
  const storedKeys = async (applicationId: string): Promise<string[]> => {
    const folder = join(t.config.DATA_DIR, 'uploads', 'applications', applicationId);
    return (await readdir(folder).catch(() => [])).map((name) => `applications/${applicationId}/${name}`);
  };
  const download = async (app: { token: string }, id: string): Promise<Buffer> => {
    const response = await t
      .http()
      .get(`/api/details/attachments/${id}/download`)
      .set('X-Application-Token', app.token)
      .responseType('blob') // the body as raw bytes
      .expect(200);
    return response.body as Buffer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await startApplication(t, { email: 'active@example.com' });
  });
  afterAll(async () => {
    process.stdout.write(`active content (issue 26 item 3): ${tally.kept} active documents kept out of ${tally.tried} tried\n`);
    await t?.close();
  });

  it('refuses each active document with its code and the Spanish message, and keeps nothing of it', async () => {
    const cases: [string, string, () => Promise<Buffer> | Buffer, string][] = [
      ['OpenAction JavaScript (object stream)', 'transcript.pdf', () => pdfWithOpenActionJavaScript(), 'ATT-006'],
      ['OpenAction JavaScript (plain objects)', 'transcript.pdf', () => pdfWithOpenActionJavaScript(false), 'ATT-006'],
      ['hex-escaped JavaScript (upper-case)', 'transcript.pdf', () => pdfWithHexEscapedJavaScript('upper'), 'ATT-006'],
      ['hex-escaped JavaScript (lower-case)', 'transcript.pdf', () => pdfWithHexEscapedJavaScript('lower'), 'ATT-006'],
      ['/Launch action', 'transcript.pdf', pdfWithLaunchAction, 'ATT-007'],
      ['embedded file', 'transcript.pdf', pdfWithEmbeddedFile, 'ATT-008'],
      ['encrypted PDF', 'transcript.pdf', encryptedPdf, 'ATT-012'],
      ['DOCX with vbaProject.bin', 'statement.docx', docxWithVbaProject, 'ATT-009'],
      ['DOC with Macros/VBA', 'statement.doc', () => wordCompoundFile(true), 'ATT-009'],
      ['200 MiB zip bomb named .docx', 'statement.docx', () => docxBomb(), 'ATT-010'],
    ];
    const application = await startApplication(t, { email: 'refused@example.com' });
    for (const [label, name, make, code] of cases) {
      const file = await make();
      for (const path of ['/api/details/attachments/validate', '/api/details/attachments']) {
        tally.tried += 1;
        const response = await upload(application, 'resume', file, name, path);
        expect({ label, path, status: response.status, body: response.body }).toEqual({
          label,
          path,
          status: 422,
          body: {
            success: false,
            code,
            message: es.errors[code as keyof typeof es.errors],
            errors: { file: [es.errors[code as keyof typeof es.errors]] },
          },
        });
        const rows = await rowsOf(application.id);
        const keys = await storedKeys(application.id);
        tally.kept += rows.length + keys.length;
        expect({ label, rows, keys }).toEqual({ label, rows: [], keys: [] });
      }
    }
    expect(tally).toEqual({ tried: 20, kept: 0 });
    // one message in full, so that a wrong translation shows here
    expect(es.errors['ATT-006']).toBe(
      'Este PDF contiene JavaScript (scripts), lo cual no se acepta. Imprímalo o expórtelo a un PDF nuevo y suba ese archivo.',
    );
  }, 120_000);

  it('keeps the current document when its replacement is refused', async () => {
    const clean = await makePdf('Resume v1');
    const first = await upload(a, 'resume', clean, 'resume.pdf').expect(201);
    const id = first.body.data.data.id as string;
    const keysBefore = await storedKeys(a.id);

    tally.tried += 1;
    const refused = await upload(a, 'resume', await pdfWithLaunchAction(), 'resume.pdf').expect(422);
    expect(refused.body.code).toBe('ATT-007');
    const rows = await rowsOf(a.id);
    expect(rows.map((r) => ({ id: r.id, replaced: r.replaced_at !== null, deleted: r.deleted_at !== null }))).toEqual([
      { id, replaced: false, deleted: false },
    ]);
    tally.kept += rows.length - 1;
    expect(await storedKeys(a.id)).toEqual(keysBefore);
    const current = await t.http().get(`/api/applications/${a.id}/attachments`).set('X-Application-Token', a.token).expect(200);
    expect(current.body.data.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(await download(a, id)).toEqual(clean);
  });

  it('stores a JPEG with an HTML page after its end re-encoded: no trailing bytes, no EXIF GPS, size and sha256 of what is stored', async () => {
    const photo = await jpegWithGpsAndTrailingHtml();
    expect(exifReader((await sharp(photo).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([40, 44, 54]);
    const response = await upload(a, 'picture', photo, 'me.jpg').expect(201);
    const view = response.body.data.data;
    const [row] = (await rowsOf(a.id)).filter((r) => r.slot === 'picture');
    const stored = await readFile(join(t.config.DATA_DIR, 'uploads', row.storage_key));

    expect(stored.includes(TRAILING_HTML)).toBe(false);
    expect(stored.includes('<html')).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(view).toMatchObject({ type: 'image/jpeg', size: stored.length, sha256: sha256(stored) });
    expect(view.size).not.toBe(photo.length);
    expect(row).toMatchObject({ size_bytes: String(stored.length), sha256: sha256(stored) });
    expect(await download(a, view.id)).toEqual(stored);
  });

  it('accepts clean documents of every kind', async () => {
    const clean: [string, string, Buffer, string][] = [
      ['personalStatement', 'statement.pdf', await makePdf('Statement'), 'application/pdf'],
      ['essay', 'essay.docx', await cleanDocx('Essay'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['gre', 'gre.doc', wordCompoundFile(false), 'application/msword'],
      ['statistics', 'scan.png', makePng(32, 32), 'image/png'],
    ];
    for (const [field, name, file, type] of clean) {
      const response = await upload(a, field, file, name).expect(201);
      expect(response.body.data.data).toMatchObject({ field, type });
      if (type !== 'image/png') expect(response.body.data.data).toMatchObject({ size: file.length, sha256: sha256(file) });
    }
  });
});
