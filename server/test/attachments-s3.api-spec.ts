import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { AttachmentsCleanupService } from '../src/modules/attachments/attachments-cleanup.service.js';
import { FILE_STORAGE, type FileStorage } from '../src/modules/attachments/storage/file-storage.js';
import { TRAILING_HTML, jpegWithGpsAndTrailingHtml, pdfWithOpenActionJavaScript } from './support/active-content-files.js';
import { makeDocx, makePdf } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const MIB = 1024 * 1024;

/** Uploads stored in an S3-compatible bucket (s3rver on loopback), configured only through S3_*. */
describe('Attachments on S3-compatible storage (s3rver)', () => {
  let t: TestApp;
  let s3: S3rver;
  let storage: FileStorage;
  let directory: string;

  const keys = async () => {
    const out: string[] = [];
    for await (const object of storage.list()) out.push(object.key);
    return out;
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'portal-uploads', configs: [] }],
    });
    const address = await s3.run();
    t = await createTestApp({
      S3_BUCKET: 'portal-uploads',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    storage = t.app.get(FILE_STORAGE);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('streams an upload into the bucket under a generated key and serves it back', async () => {
    const a = await startApplication(t);
    const pdf = await makePdf('S3 transcript', 7 * MIB); // larger than one 5 MiB multipart part
    const response = await t
      .http()
      .post('/api/details/attachments')
      .set('X-Application-Token', a.token)
      .field('parentId', a.id)
      .field('field', 'undergraduateTranscript')
      .attach('file', pdf, 'transcript.pdf')
      .expect(201);
    expect(response.body.data.data).toMatchObject({ size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') });
    const [row] = (await t.db.query('SELECT storage_key FROM attachments WHERE application_id = $1', [a.id])).rows;
    expect(await keys()).toContain(row.storage_key);
    const download = await t
      .http()
      .get(`/api/details/attachments/${response.body.data.data.id}/download`)
      .set('X-Application-Token', a.token)
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
  });

  it('leaves nothing in the bucket for an active document, and stores a picture re-encoded (issue 26 item 3)', async () => {
    const a = await startApplication(t, { email: 'active-s3@example.com' });
    const before = await keys();
    const send = (field: string, file: Buffer, name: string) =>
      t
        .http()
        .post('/api/details/attachments')
        .set('X-Application-Token', a.token)
        .field('parentId', a.id)
        .field('field', field)
        .attach('file', file, name);
    expect((await send('resume', await pdfWithOpenActionJavaScript(), 'resume.pdf').expect(422)).body.code).toBe('ATT-006');
    expect(await keys()).toEqual(before);

    const response = await send('picture', await jpegWithGpsAndTrailingHtml(), 'me.jpg').expect(201);
    const [row] = (await t.db.query('SELECT storage_key FROM attachments WHERE application_id = $1', [a.id])).rows;
    const stored = await buffer(await storage.get(row.storage_key));
    expect(stored.includes(TRAILING_HTML)).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(response.body.data.data).toMatchObject({ size: stored.length, sha256: createHash('sha256').update(stored).digest('hex') });
  });

  it('leaves nothing in the bucket for a refused file, and the clean-up removes old objects without a row', async () => {
    const a = await startApplication(t, { email: 'refused@example.com' });
    const before = await keys();
    await t
      .http()
      .post('/api/details/attachments')
      .set('X-Application-Token', a.token)
      .field('parentId', a.id)
      .field('field', 'picture')
      .attach('file', makeDocx(), 'me.docx')
      .expect(422);
    expect(await keys()).toEqual(before);

    const orphan = `applications/${a.id}/33333333-3333-4333-8333-333333333333`;
    await storage.put(orphan, Readable.from([Buffer.from('half an upload')]));
    expect(await keys()).toContain(orphan);
    // the app's own periodic clean-up may hold the lock at this moment (then this run does nothing): run until one runs
    let report = await t.app.get(AttachmentsCleanupService).run(new Date(Date.now() + 2 * 3600_000));
    for (let tries = 0; !report.ran && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await t.app.get(AttachmentsCleanupService).run(new Date(Date.now() + 2 * 3600_000));
    }
    expect(report.deleted).toEqual([orphan]);
    expect(await keys()).toEqual(before);
  });
});
