import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { readFile, readdir, mkdir, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AttachmentsCleanupService, CLEANUP_QUEUE } from '../src/modules/attachments/attachments-cleanup.service.js';
import { startClamdDouble, type ClamdDouble } from './support/clamd-double.js';
import { EICAR, makeCompoundFile, makeDocx, makeJpeg, makePdf, makePng } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const MIB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** All files under the uploads folder, as keys relative to it. */
async function storedKeys(t: TestApp): Promise<string[]> {
  const root = join(t.config.DATA_DIR, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

describe('Attachments: /api/details/attachments (local storage, clamd double)', () => {
  let t: TestApp;
  let clamd: ClamdDouble;
  let a: { token: string; id: string };
  let b: { token: string; id: string };

  type Part = { parentId?: string; field?: string; file?: Buffer; name?: string; token?: string; bearer?: string; fileFirst?: boolean };
  const send = (path: string, part: Part) => {
    let call = t.http().post(path).set('Accept-Language', 'en');
    if (part.token) call = call.set('X-Application-Token', part.token);
    if (part.bearer) call = call.set('Authorization', `Bearer ${part.bearer}`);
    const fields = () => {
      if (part.parentId !== undefined) call = call.field('parentId', part.parentId);
      if (part.field !== undefined) call = call.field('field', part.field);
    };
    if (!part.fileFirst) fields();
    if (part.file) call = call.attach('file', part.file, part.name ?? 'file.bin');
    if (part.fileFirst) fields();
    return call;
  };
  const upload = (part: Part) => send('/api/details/attachments', part);
  const validate = (part: Part) => send('/api/details/attachments/validate', part);
  /** Waits (up to 15 s) until pg-boss records the boot period's clean-up as completed and none queued or running. */
  const waitForBootCleanup = async () => {
    const deadline = Date.now() + 15_000;
    const states = async () =>
      (await t.db.query(`SELECT state FROM pgboss.job WHERE name = $1`, [CLEANUP_QUEUE])).rows.map((r) => r.state as string);
    const settled = (list: string[]) => list.includes('completed') && !list.some((s) => ['created', 'active', 'retry'].includes(s));
    while (!settled(await states()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled(await states())).toBe(true);
  };
  const rowsOf = async (applicationId: string) =>
    (await t.db.query('SELECT * FROM attachments WHERE application_id = $1 ORDER BY uploaded_at', [applicationId])).rows;

  beforeAll(async () => {
    clamd = await startClamdDouble();
    t = await createTestApp({
      CLAMAV_HOST: clamd.host,
      CLAMAV_PORT: String(clamd.port),
      UPLOAD_MAX_APPLICATION_BYTES: String(24 * MIB),
      UPLOAD_ORPHAN_MINUTES: '30',
    });
    a = await startApplication(t, { email: 'a@example.com' });
    b = await startApplication(t, { email: 'b@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await clamd.close();
  });

  describe('validate (checks, stores nothing)', () => {
    it('answers a real PDF in data.data with its detected type, size and sha256, and stores nothing', async () => {
      const pdf = await makePdf('Statistics');
      const response = await validate({ token: a.token, parentId: a.id, field: 'statistics', file: pdf, name: 'stats.pdf' }).expect(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          data: { field: 'statistics', name: 'stats.pdf', size: pdf.length, type: 'application/pdf', sha256: sha256(pdf), validated: true },
        },
      });
      expect(await rowsOf(a.id)).toHaveLength(0);
      expect(await storedKeys(t)).toEqual([]);
    });

    it('refuses by content, not by name: a text file named .pdf is ATT-004 on errors.file', async () => {
      const response = await validate({
        token: a.token,
        parentId: a.id,
        field: 'statistics',
        file: Buffer.from('just text\n'),
        name: 'fake.pdf',
      }).expect(422);
      expect(response.body.code).toBe('ATT-004');
      expect(response.body.errors.file[0]).toMatch(/PDF, Word/);
    });

    it('refuses an empty file with ATT-002 and a missing file with ATT-001', async () => {
      const empty = await validate({ token: a.token, parentId: a.id, field: 'resume', file: Buffer.alloc(0), name: 'empty.pdf' }).expect(
        422,
      );
      expect(empty.body).toMatchObject({ code: 'ATT-002', errors: { file: ['This file is empty.'] } });
      const none = await validate({ token: a.token, parentId: a.id, field: 'resume' }).expect(422);
      expect(none.body).toMatchObject({ code: 'ATT-001', errors: { file: ['Please choose a file.'] } });
    });

    it('answers field errors in the caller’s language (es)', async () => {
      const response = await validate({ token: a.token, parentId: a.id, field: 'resume', file: Buffer.alloc(0), name: 'x.pdf' })
        .set('Accept-Language', 'es')
        .expect(422);
      expect(response.body.errors.file).toEqual(['Este archivo está vacío.']);
    });

    it('refuses an unknown slot and a missing parentId as VAL-001 field errors', async () => {
      const pdf = await makePdf();
      const slot = await validate({ token: a.token, parentId: a.id, field: 'diploma', file: pdf, name: 'a.pdf' }).expect(422);
      expect(slot.body.code).toBe('VAL-001');
      expect(Object.keys(slot.body.errors)).toEqual(['field']);
      const parent = await validate({ token: a.token, field: 'math', file: pdf, name: 'a.pdf' }).expect(422);
      expect(parent.body.code).toBe('VAL-001');
      expect(Object.keys(parent.body.errors)).toEqual(['parentId']);
    });
  });

  describe('upload', () => {
    it('stores a PDF under a generated key with its sha256, and serves it back with the original name', async () => {
      const pdf = await makePdf('Math transcript');
      const response = await upload({
        token: a.token,
        parentId: a.id,
        field: 'math',
        file: pdf,
        name: '../../etc/Math "final".pdf',
      }).expect(201);
      const view = response.body.data.data;
      expect(view).toMatchObject({
        field: 'math',
        name: 'Math "final".pdf',
        size: pdf.length,
        type: 'application/pdf',
        sha256: sha256(pdf),
        validated: true,
      });
      expect(view.attachment).toBe(view.id);
      const [row] = await rowsOf(a.id);
      expect(row).toMatchObject({
        id: view.id,
        slot: 'math',
        sha256: sha256(pdf),
        detected_type: 'application/pdf',
        original_name: 'Math "final".pdf',
      });
      expect(row.storage_key).toMatch(new RegExp(`^applications/${a.id}/[0-9a-f-]{36}$`));
      expect(await readFile(join(t.config.DATA_DIR, 'uploads', row.storage_key))).toEqual(pdf);

      const download = await t
        .http()
        .get(`/api/details/attachments/${view.id}/download`)
        .set('X-Application-Token', a.token)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(download.body).toEqual(pdf);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="Math \\"final\\".pdf"`);
    });

    it('encodes a non-ASCII original name safely in Content-Disposition', async () => {
      const png = makePng();
      const response = await upload({ token: a.token, parentId: a.id, field: 'picture', file: png, name: '照片 ü.png' }).expect(201);
      const download = await t.http().get(`/api/details/attachments/${response.body.data.data.id}/download?token=${a.token}`).expect(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="?? ?.png"; filename*=UTF-8''%E7%85%A7%E7%89%87%20%C3%BC.png`,
      );
    });

    it('takes JPEG and PNG in the picture slot, and the type comes from the content: a PNG renamed .pdf is a PNG', async () => {
      const jpeg = await upload({ token: b.token, parentId: b.id, field: 'picture', file: makeJpeg(), name: 'me.jpg' }).expect(201);
      expect(jpeg.body.data.data.type).toBe('image/jpeg');
      const renamed = await upload({ token: b.token, parentId: b.id, field: 'picture', file: makePng(), name: 'photo.pdf' }).expect(201);
      expect(renamed.body.data.data).toMatchObject({ type: 'image/png', name: 'photo.pdf' });
    });

    it('refuses a PDF in the picture slot (JPEG/PNG only) with ATT-004', async () => {
      const response = await upload({ token: b.token, parentId: b.id, field: 'picture', file: await makePdf(), name: 'me.pdf' }).expect(
        422,
      );
      expect(response.body).toMatchObject({ code: 'ATT-004', errors: { file: ['The picture must be a JPEG or PNG image.'] } });
    });

    it('takes a DOCX and a Word 97-2003 compound file (cfb with a WordDocument stream), refuses other compound files', async () => {
      const docx = await upload({
        token: b.token,
        parentId: b.id,
        field: 'personalStatement',
        file: makeDocx(),
        name: 'statement.docx',
      }).expect(201);
      expect(docx.body.data.data.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const doc = await upload({
        token: b.token,
        parentId: b.id,
        field: 'essay',
        file: makeCompoundFile('WordDocument'),
        name: 'essay.doc',
      }).expect(201);
      expect(doc.body.data.data.type).toBe('application/msword');
      const xls = await upload({
        token: b.token,
        parentId: b.id,
        field: 'resume',
        file: makeCompoundFile('Workbook'),
        name: 'resume.doc',
      }).expect(422);
      expect(xls.body.code).toBe('ATT-004');
      expect((await rowsOf(b.id)).map((r) => r.slot).sort()).toEqual(['essay', 'personalStatement', 'picture', 'picture']);
    });

    it('refuses an 11 MiB file with ATT-003 and leaves neither a row nor a file', async () => {
      const c = await startApplication(t, { email: 'c@example.com' });
      const big = await makePdf('big', 11 * MIB);
      const response = await upload({ token: c.token, parentId: c.id, field: 'gre', file: big, name: 'gre.pdf' }).expect(422);
      expect(response.body).toMatchObject({ code: 'ATT-003', errors: { file: ['This file is larger than 10 MiB.'] } });
      expect(await rowsOf(c.id)).toHaveLength(0);
      expect((await storedKeys(t)).filter((k) => k.includes(c.id))).toEqual([]);
    });

    it('keeps an application under its total (24 MiB here): replacing a slot frees its old size', async () => {
      const d = await startApplication(t, { email: 'd@example.com' });
      const ten = await makePdf('ten', 10 * MIB);
      await upload({ token: d.token, parentId: d.id, field: 'hsTranscript', file: ten, name: 'hs.pdf' }).expect(201);
      await upload({ token: d.token, parentId: d.id, field: 'undergraduateTranscript', file: ten, name: 'ug.pdf' }).expect(201);
      const five = await makePdf('five', 5 * MIB);
      const over = await upload({ token: d.token, parentId: d.id, field: 'graduateTranscript', file: five, name: 'g.pdf' }).expect(422);
      expect(over.body).toMatchObject({ code: 'ATT-003' });
      expect(over.body.errors.file[0]).toMatch(/at most 24 MiB/);
      await upload({ token: d.token, parentId: d.id, field: 'hsTranscript', file: five, name: 'hs2.pdf' }).expect(201);
    });

    it('replaces the file of a slot and keeps the old one as history', async () => {
      const e = await startApplication(t, { email: 'e@example.com' });
      const first = await upload({ token: e.token, parentId: e.id, field: 'resume', file: await makePdf('v1'), name: 'v1.pdf' }).expect(
        201,
      );
      const second = await upload({ token: e.token, parentId: e.id, field: 'resume', file: await makePdf('v2'), name: 'v2.pdf' }).expect(
        201,
      );
      const current = await t.http().get(`/api/applications/${e.id}/attachments`).set('X-Application-Token', e.token).expect(200);
      expect(current.body.data.map((v: { id: string }) => v.id)).toEqual([second.body.data.data.id]);
      const history = await t
        .http()
        .get(`/api/applications/${e.id}/attachments?history=true`)
        .set('X-Application-Token', e.token)
        .expect(200);
      const old = history.body.data.find((v: { id: string }) => v.id === first.body.data.data.id);
      expect(old.replacedAt).toEqual(expect.any(String));

      await t.http().delete(`/api/details/attachments/${second.body.data.data.id}`).set('X-Application-Token', e.token).expect(200);
      const after = await t.http().get(`/api/applications/${e.id}/attachments`).set('X-Application-Token', e.token).expect(200);
      expect(after.body.data).toEqual([]);
      await t.http().delete(`/api/details/attachments/${second.body.data.data.id}`).set('X-Application-Token', e.token).expect(404);
    });

    it('refuses an infected file (EICAR, found by the clamd double) with ATT-005 and stores nothing', async () => {
      const f = await startApplication(t, { email: 'f@example.com' });
      const scansBefore = clamd.scans;
      const infected = Buffer.concat([await makePdf('letter'), Buffer.from(`\n%${EICAR}\n`)]);
      const response = await upload({ token: f.token, parentId: f.id, field: 'seminary', file: infected, name: 'letter.pdf' }).expect(422);
      expect(response.body).toMatchObject({ code: 'ATT-005', errors: { file: ['This file appears to contain a virus and was refused.'] } });
      expect(clamd.scans).toBe(scansBefore + 1);
      expect(clamd.lastScanBytes).toBe(infected.length);
      expect(await rowsOf(f.id)).toHaveLength(0);
      expect((await storedKeys(t)).filter((k) => k.includes(f.id))).toEqual([]);
      const clean = await upload({
        token: f.token,
        parentId: f.id,
        field: 'seminary',
        file: await makePdf('clean'),
        name: 'letter.pdf',
      }).expect(201);
      expect(clean.body.data.data.field).toBe('seminary');
    });
  });

  describe('who may upload, list, download and remove', () => {
    it("refuses (403, logged) a token holder who names another application's parentId, and stores nothing", async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn');
      const before = (await storedKeys(t)).length;
      const response = await upload({ token: a.token, parentId: b.id, field: 'gre', file: await makePdf(), name: 'gre.pdf' }).expect(403);
      expect(response.body.code).toBe('AUTH-403');
      expect(
        warn.mock.calls.some(
          ([message]) => String(message).includes(`application ${b.id}`) && String(message).includes('token of another application'),
        ),
      ).toBe(true);
      warn.mockRestore();
      expect((await rowsOf(b.id)).filter((r) => r.slot === 'gre')).toHaveLength(0);
      expect((await storedKeys(t)).length).toBe(before);
      // also when parentId comes after the file
      await upload({ token: a.token, parentId: b.id, field: 'gre', file: await makePdf(), name: 'gre.pdf', fileFirst: true }).expect(403);
      expect((await storedKeys(t)).length).toBe(before);
    });

    it('refuses an anonymous caller (401) and an unknown token (404 TKN-001)', async () => {
      await upload({ parentId: a.id, field: 'gre', file: await makePdf(), name: 'gre.pdf' }).expect(401);
      const unknown = await upload({ token: 'nope', parentId: a.id, field: 'gre', file: await makePdf(), name: 'gre.pdf' }).expect(404);
      expect(unknown.body.code).toBe('TKN-001');
    });

    it('lets an admin upload with parentId (no token), list and download any application’s files', async () => {
      const admin = await t.login();
      const response = await upload({ bearer: admin, parentId: b.id, field: 'gre', file: await makePdf('GRE'), name: 'gre.pdf' }).expect(
        201,
      );
      await t.http().get(`/api/applications/${b.id}/attachments`).set('Authorization', `Bearer ${admin}`).expect(200);
      await t
        .http()
        .get(`/api/details/attachments/${response.body.data.data.id}/download`)
        .set('Authorization', `Bearer ${admin}`)
        .expect(200);
      const late = await upload({
        bearer: admin,
        parentId: b.id,
        field: 'gre',
        file: await makePdf(),
        name: 'gre.pdf',
        fileFirst: true,
      }).expect(422);
      expect(late.body.errors.parentId).toEqual(['Send parentId before the file.']);
    });

    it("refuses another application's token on list, download and remove (403) and an unknown id (404)", async () => {
      const [row] = await rowsOf(a.id);
      await t.http().get(`/api/applications/${a.id}/attachments`).set('X-Application-Token', b.token).expect(403);
      await t.http().get(`/api/details/attachments/${row.id}/download`).set('X-Application-Token', b.token).expect(403);
      await t.http().delete(`/api/details/attachments/${row.id}`).set('X-Application-Token', b.token).expect(403);
      await t.http().get(`/api/details/attachments/${row.id}/download`).expect(401);
      await t
        .http()
        .get(`/api/details/attachments/00000000-0000-4000-8000-000000000000/download`)
        .set('X-Application-Token', a.token)
        .expect(404);
    });
  });

  describe('interrupted uploads and the orphan clean-up', () => {
    it('records nothing for an upload whose client goes away half-way, and the clean-up leaves no orphan file', async () => {
      // the periodic clean-up offered its first period at boot: let that run finish before making orphans (it
      // would delete them itself, and a direct run overlapping it rightly does nothing: same advisory lock);
      // the next period is UPLOAD_CLEANUP_INTERVAL_MINUTES (15) away
      await waitForBootCleanup();
      const g = await startApplication(t, { email: 'g@example.com' });
      const boundary = '----portal-test-boundary';
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="parentId"\r\n\r\n${g.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="field"\r\n\r\nresume\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const pdf = await makePdf('resume', 6 * MIB);
      const server = t.app.getHttpServer();
      if (!server.address()) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const closed = new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/details/attachments',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + pdf.length + 100),
            'x-application-token': g.token,
          },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(head);
        req.write(pdf.subarray(0, 3 * MIB), () => setTimeout(() => req.destroy(), 300));
      });
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await rowsOf(g.id)).toHaveLength(0);

      // A server killed mid-upload leaves a partial object with no row: simulate one, 2 hours old.
      const orphanKey = `applications/${g.id}/11111111-1111-4111-8111-111111111111`;
      const orphanPath = join(t.config.DATA_DIR, 'uploads', orphanKey);
      await mkdir(join(orphanPath, '..'), { recursive: true });
      await writeFile(orphanPath, pdf.subarray(0, MIB));
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(orphanPath, twoHoursAgo, twoHoursAgo);
      // A fresh one (an upload still streaming) must survive.
      const freshKey = `applications/${g.id}/22222222-2222-4222-8222-222222222222`;
      await writeFile(join(t.config.DATA_DIR, 'uploads', freshKey), 'partial');

      const recorded = (await t.db.query('SELECT storage_key FROM attachments')).rows.map((r) => r.storage_key as string);
      const report = await t.app.get(AttachmentsCleanupService).run();
      expect(report.ran).toBe(true);
      expect(report.deleted).toContain(orphanKey);
      expect(report.deleted).not.toContain(freshKey);
      const left = await storedKeys(t);
      expect(left).toContain(freshKey);
      expect(left.filter((k) => k.includes(g.id) && k !== freshKey)).toEqual([]);
      for (const key of recorded) expect(left).toContain(key);

      // Later, the fresh one is old too and goes; recorded files always stay.
      const later = await t.app.get(AttachmentsCleanupService).run(new Date(Date.now() + 3600_000));
      expect(later.deleted).toEqual([freshKey]);
      expect((await storedKeys(t)).sort()).toEqual([...recorded].sort());
    });

    it('skips the run while another replica holds the advisory lock', async () => {
      await t.db.query('BEGIN');
      await t.db.query('SELECT pg_advisory_xact_lock(7261401)');
      try {
        expect(await t.app.get(AttachmentsCleanupService).run()).toEqual({ ran: false, deleted: [] });
      } finally {
        await t.db.query('COMMIT');
      }
      expect((await t.app.get(AttachmentsCleanupService).run()).ran).toBe(true);
    });
  });

  describe('POST /api/applications/:id/complete', () => {
    it('refuses an unpaid application (409 DET-409), lists missing slots (422), then completes', async () => {
      const h = await startApplication(t, { email: 'h@example.com' });
      const refused = await t.http().post(`/api/applications/${h.id}/complete`).set('X-Application-Token', h.token).expect(409);
      expect(refused.body.code).toBe('DET-409');
      await t.db.query(`UPDATE applications SET status = 'submitted', payment_status = 'Paid', submitted_at = now() WHERE id = $1`, [h.id]);
      const details = await t.app.get((await import('../src/modules/token/token.service.js')).TokenService).issue(h.id, 'details');
      const missing = await t.http().post(`/api/applications/${h.id}/complete`).set('X-Application-Token', details).expect(422);
      expect(missing.body.code).toBe('VAL-001');
      // Men's MSW: graduate flags plus references and recommendation letters
      expect(missing.body.data.missing).toEqual(
        expect.arrayContaining(['picture', 'undergraduateTranscript', 'resume', 'personalStatement']),
      );
      expect(Object.keys(missing.body.errors).sort()).toEqual([...missing.body.data.missing].sort());
      for (const slot of missing.body.data.missing as string[]) {
        const file = slot === 'picture' ? makePng() : await makePdf(slot);
        await upload({ token: details, parentId: h.id, field: slot, file, name: `${slot}.${slot === 'picture' ? 'png' : 'pdf'}` }).expect(
          201,
        );
      }
      const done = await t.http().post(`/api/applications/${h.id}/complete`).set('X-Application-Token', details).expect(200);
      expect(done.body.data.status).toBe('complete');
      const [row] = (await t.db.query('SELECT status, completed_at FROM applications WHERE id = $1', [h.id])).rows;
      expect(row.status).toBe('complete');
      expect(row.completed_at).toBeInstanceOf(Date);
    });
  });
});
