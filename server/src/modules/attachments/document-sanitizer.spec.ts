import { describe, expect, it } from '@jest/globals';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import {
  PHOTO_GPS,
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
} from '../../../test/support/active-content-files.js';
import { makeCompoundFile, makeDocx, makeJpeg, makePdf, makePng, makeZip } from '../../../test/support/files.js';
import type { AcceptedKind } from './attachment-slots.js';
import {
  ARCHIVE_LIMITS,
  DocumentRefusedError,
  MAX_IMAGE_PIXELS,
  expansionReason,
  macroReason,
  normalizePdfName,
  sanitizeDocument,
} from './document-sanitizer.js';

const MIB = 1024 * 1024;

/** The refusal of `bytes` as `kind`: its code and detail (fails the test when the document is accepted). */
async function refusal(kind: AcceptedKind, bytes: Buffer): Promise<{ code: string; detail: string }> {
  const error = await sanitizeDocument(kind, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentRefusedError);
  const { code, detail } = error as DocumentRefusedError;
  return { code, detail };
}

/** Sets the declared uncompressed size of `name` in a ZIP's central directory (the bytes stay as they are). */
function patchDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]); // central directory file header
  for (let at = out.indexOf(signature); at >= 0; at = out.indexOf(signature, at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no central directory entry ${name}`);
}

describe('sanitizeDocument: PDF (pdf-lib parse of the whole object graph)', () => {
  it('refuses an /OpenAction JavaScript packed in a compressed object stream, which a scan of the bytes cannot see', async () => {
    const pdf = await pdfWithOpenActionJavaScript();
    expect(pdf.includes('/ObjStm')).toBe(true);
    expect(pdf.includes('JavaScript')).toBe(false);
    expect(pdf.includes('/JS')).toBe(false);
    expect(await refusal('pdf', pdf)).toEqual({ code: 'ATT-006', detail: 'PDF names /JS, /JavaScript' });
  });

  it('refuses the same JavaScript written in plain objects', async () => {
    expect((await refusal('pdf', await pdfWithOpenActionJavaScript(false))).code).toBe('ATT-006');
  });

  it('refuses hex-escaped names, upper- and lower-case (/J#61vaScript, /#4aS)', async () => {
    for (const hex of ['upper', 'lower'] as const) {
      const pdf = await pdfWithHexEscapedJavaScript(hex);
      expect(pdf.includes('JavaScript')).toBe(false);
      expect(await refusal('pdf', pdf)).toEqual({ code: 'ATT-006', detail: 'PDF names /JS, /JavaScript' });
    }
    expect(normalizePdfName('#4aavaScript')).toBe('JavaScript');
    expect(normalizePdfName('J#61vaScr#69pt')).toBe('JavaScript');
  });

  it('refuses a /Launch action (ATT-007) and embedded files (ATT-008)', async () => {
    expect(await refusal('pdf', await pdfWithLaunchAction())).toEqual({ code: 'ATT-007', detail: 'PDF names /Launch' });
    expect(await refusal('pdf', await pdfWithEmbeddedFile())).toEqual({
      code: 'ATT-008',
      detail: 'PDF names /EmbeddedFile, /EmbeddedFiles',
    });
  });

  it('finds JavaScript in a catalog that a later copy of the same object shadows (a reader may follow the older)', async () => {
    const pdf = await pdfWithOpenActionJavaScript(false);
    const text = pdf.toString('latin1');
    const catalog = /(\d+) 0 obj\s*<<\s*\/Type \/Catalog/.exec(text);
    expect(catalog).not.toBeNull();
    const shadow = `\n${catalog![1]} 0 obj\n<< /Type /Catalog /Pages 1 0 R >>\nendobj\n`;
    expect((await refusal('pdf', Buffer.concat([pdf, Buffer.from(shadow)]))).code).toBe('ATT-006');
  });

  it('finds JavaScript in an object pdf-lib cannot parse, from its raw text', async () => {
    const pdf = await makePdf('broken');
    const broken = Buffer.from('\n99 0 obj\n<< /AA << /O << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n');
    expect((await refusal('pdf', Buffer.concat([pdf, broken]))).code).toBe('ATT-006');
  });

  it('refuses an encrypted PDF (ATT-012) and one without a catalog (ATT-011)', async () => {
    expect(await refusal('pdf', await encryptedPdf())).toEqual({ code: 'ATT-012', detail: 'PDF is encrypted' });
    expect((await refusal('pdf', Buffer.from('%PDF-1.7\nnot really a PDF\n%%EOF\n'))).code).toBe('ATT-011');
  });

  it('passes a clean PDF through unchanged', async () => {
    const pdf = await makePdf('Transcript');
    const result = await sanitizeDocument('pdf', pdf);
    expect(result.reencoded).toBe(false);
    expect(result.bytes).toBe(pdf);
  });
});

describe('sanitizeDocument: DOCX (yauzl, central directory only)', () => {
  it('refuses a DOCX carrying word/vbaProject.bin with plain-document content types (ATT-009)', async () => {
    expect(await refusal('docx', await docxWithVbaProject())).toEqual({ code: 'ATT-009', detail: 'DOCX has part word/vbaProject.bin' });
  });

  it('names the code parts and macro-enabled content types, and lets printer settings through', () => {
    const entry = (name: string) => ({ name, compressedSize: 1, uncompressedSize: 1 });
    expect(macroReason([entry('word/activeX/activeX1.bin')], '')).toBe('binary part word/activeX/activeX1.bin');
    expect(macroReason([entry('word/embeddings/oleObject1.bin')], '')).toBe('binary part word/embeddings/oleObject1.bin');
    expect(macroReason([entry('word/embeddings/Book1.xlsm')], '')).toBe('embedded document word/embeddings/Book1.xlsm');
    expect(macroReason([entry('word/vbaData.xml')], '')).toBe('part word/vbaData.xml');
    expect(
      macroReason([entry('word/document.xml')], '<Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/>'),
    ).toBe('content type containing "macroenabled"');
    expect(macroReason([entry('word/printerSettings/printerSettings1.bin'), entry('word/document.xml')], '<Types/>')).toBeUndefined();
  });

  it('refuses a 200 MiB zip bomb from its central directory alone, without inflating it (ATT-010)', async () => {
    const bomb = await docxBomb(200 * MIB);
    expect(bomb.length).toBeLessThan(MIB);
    const started = performance.now();
    const { code, detail } = await refusal('docx', bomb);
    const elapsed = performance.now() - started;
    expect(code).toBe('ATT-010');
    expect(detail).toMatch(/^ZIP declares \d+ bytes uncompressed$/);
    expect(Number(/\d+/.exec(detail)![0])).toBeGreaterThan(200 * MIB);
    // inflating 200 MiB takes far longer than reading a directory of three entries
    expect(elapsed).toBeLessThan(200);
  });

  it('refuses a declared size that is a lie (central directory patched), still without inflating', async () => {
    const patched = patchDeclaredSize(await cleanDocx(), 'word/document.xml', 0xfffffff0);
    expect((await refusal('docx', patched)).code).toBe('ATT-010');
  });

  it('refuses an expansion over 100:1 below the total limit', async () => {
    const { detail } = await refusal('docx', await docxBomb(50 * MIB));
    expect(detail).toMatch(/\(\d+:1\)$/);
    expect(expansionReason([{ name: 'a', compressedSize: 10, uncompressedSize: ARCHIVE_LIMITS.ratioFloorBytes }], 10)).toBeUndefined();
  });

  it('refuses bytes that are not a ZIP (ATT-011) and passes clean DOCX files unchanged', async () => {
    expect((await refusal('docx', Buffer.from('PK\u0003\u0004 not a zip at all'))).code).toBe('ATT-011');
    for (const docx of [
      await cleanDocx(),
      makeDocx(),
      makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
    ]) {
      expect(await sanitizeDocument('docx', docx)).toEqual({ bytes: docx, reencoded: false });
    }
  });
});

describe('sanitizeDocument: DOC (cfb directory)', () => {
  it('refuses a Word 97-2003 file with a Macros/VBA storage (ATT-009), passes one without', async () => {
    expect(await refusal('doc', wordCompoundFile(true))).toEqual({ code: 'ATT-009', detail: 'DOC has Root Entry/Macros/' });
    const clean = wordCompoundFile(false);
    expect(await sanitizeDocument('doc', clean)).toEqual({ bytes: clean, reencoded: false });
    expect((await sanitizeDocument('doc', makeCompoundFile('WordDocument'))).reencoded).toBe(false);
  });

  it('refuses a damaged compound file (ATT-011)', async () => {
    const header = makeCompoundFile('WordDocument').subarray(0, 600);
    header.writeUInt16LE(0x0009, 26); // major version 9: no such format
    expect((await refusal('doc', header)).code).toBe('ATT-011');
  });
});

describe('sanitizeDocument: images (sharp re-encoding)', () => {
  it('re-encodes a JPEG: no bytes after its end (the HTML), no EXIF (GPS), turned upright', async () => {
    const upload = await jpegWithGpsAndTrailingHtml();
    // the fixture really carries what must go
    const before = await sharp(upload).metadata();
    expect(before).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(exifReader(before.exif!).GPSInfo).toMatchObject({ GPSLatitudeRef: 'N', GPSLatitude: [40, 44, 54] });
    expect(PHOTO_GPS.GPSLongitudeRef).toBe('W');
    expect(upload.includes(TRAILING_HTML)).toBe(true);

    const { bytes, reencoded } = await sanitizeDocument('jpg', upload);
    expect(reencoded).toBe(true);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes('<html')).toBe(false);
    expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('re-encodes a PNG as a PNG without its text and EXIF chunks', async () => {
    const png = await sharp(makePng(24, 12)).withExif({ IFD3: PHOTO_GPS }).png().toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const { bytes } = await sanitizeDocument('png', png);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'png', width: 24, height: 12 });
    expect(after.exif).toBeUndefined();
  });

  it('refuses an image whose header declares more than the pixel limit, before decoding it (ATT-010)', async () => {
    const png = Buffer.from(makePng(1, 1));
    // IHDR: length(4) type(4) width(4) height(4) … crc(4) after the 8-byte signature
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await refusal('png', png)).toEqual({ code: 'ATT-010', detail: 'image is 20000×20000 pixels' });
  });

  it('refuses a truncated JPEG (ATT-011) and keeps a valid one a JPEG', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3060a0' } })
      .jpeg()
      .toBuffer();
    expect((await refusal('jpg', photo.subarray(0, Math.floor(photo.length / 2)))).code).toBe('ATT-011');
    expect((await sharp((await sanitizeDocument('jpg', makeJpeg())).bytes).metadata()).format).toBe('jpeg');
  });
});
