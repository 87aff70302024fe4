import CFB from 'cfb';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/**
 * Documents carrying active content (issue 26 item 3), built in the test with the libraries that write
 * these formats: pdf-lib (PDF), yazl (ZIP/DOCX), cfb (Word 97-2003 compound files), sharp (JPEG).
 */

const MIB = 1024 * 1024;

/** Saves a one-page pdf-lib document after `change`; `objectStreams` (pdf-lib's default) packs the dictionaries into compressed object streams. */
async function pdfWith(change: (doc: PDFDocument) => void | Promise<void>, objectStreams = true): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  await change(doc);
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/**
 * A PDF whose catalog's /OpenAction runs JavaScript. With `objectStreams` (the default) the catalog sits
 * in a compressed object stream, so the bytes never spell /JavaScript: only a parse finds it.
 */
export function pdfWithOpenActionJavaScript(objectStreams = true): Promise<Buffer> {
  return pdfWith((doc) => {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("opened")') }));
  }, objectStreams);
}

/**
 * The OpenAction JavaScript PDF written without object streams, its names hex-escaped as readers accept
 * them: `upper` writes `/S /J#61vaScript` and `/J#53` (what pdf-lib decodes itself), `lower` writes
 * `/S /#4aavaScript` and `/#4aS` (lower-case hex digits, which pdf-lib leaves escaped). Placeholders of the
 * same length are replaced in the bytes, so the cross-reference offsets stay right.
 */
export async function pdfWithHexEscapedJavaScript(hex: 'upper' | 'lower'): Promise<Buffer> {
  const bytes = await pdfWith((doc) => {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'QQQQQQQQQQQQ', QQQQ: PDFString.of('app.alert(1)') }));
  }, false);
  const text = bytes.toString('latin1');
  if (!text.includes('/QQQQQQQQQQQQ') || !text.includes('/QQQQ ')) throw new Error('pdf-lib no longer writes the placeholders as expected');
  const [type, key] = hex === 'upper' ? ['/J#61vaScript', '/J#53 '] : ['/#4aavaScript', '/#4aS '];
  return Buffer.from(text.replace('/QQQQQQQQQQQQ', type).replace('/QQQQ ', key), 'latin1');
}

/** A PDF whose /OpenAction is a /Launch action (runs a program on the reader's machine). */
export function pdfWithLaunchAction(): Promise<Buffer> {
  return pdfWith((doc) => {
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') }));
  });
}

/** A PDF with an attached file (pdf-lib's `attach`: /EmbeddedFiles name tree, /EmbeddedFile stream). */
export function pdfWithEmbeddedFile(): Promise<Buffer> {
  return pdfWith(async (doc) => {
    await doc.attach(Buffer.from('MZ not really a program'), 'setup.exe', { mimeType: 'application/octet-stream' });
  });
}

/** A PDF whose trailer names an /Encrypt dictionary (what every encrypted PDF has). */
export function encryptedPdf(): Promise<Buffer> {
  return pdfWith((doc) => {
    doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 }));
  }, false);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const documentXml = (text: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** A ZIP written by yazl: each entry is a buffer (deflated) or a stream (deflated as it comes, for large entries). */
async function zipOf(entries: Record<string, string | Buffer | Readable>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (content instanceof Readable) zip.addReadStream(content, name, { compress: true });
    else zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name, { compress: true });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** A clean DOCX written by yazl (deflated parts). */
export function cleanDocx(text = 'Personal statement'): Promise<Buffer> {
  return zipOf({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': RELS, 'word/document.xml': documentXml(text) });
}

/**
 * A DOCX whose content types and main part are those of a plain document, carrying a VBA project
 * (`word/vbaProject.bin`, itself a compound file with a VBA storage) as Word writes it into a .docm.
 */
export function docxWithVbaProject(): Promise<Buffer> {
  const project = CFB.utils.cfb_new();
  CFB.utils.cfb_add(project, '/VBA/dir', Buffer.from('Attribute VB_Name = "ThisDocument"'));
  CFB.utils.cfb_add(project, '/PROJECT', Buffer.from('ID="{00000000-0000-0000-0000-000000000000}"'));
  return zipOf({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'word/document.xml': documentXml('Statement'),
    'word/vbaProject.bin': Buffer.from(CFB.write(project, { type: 'buffer' }) as Uint8Array),
  });
}

/** `bytes` zero bytes, in 1 MiB chunks (never all in memory). */
export function zeros(bytes: number): Readable {
  const chunk = Buffer.alloc(MIB);
  return Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= MIB) yield left >= MIB ? chunk : chunk.subarray(0, left);
    })(),
  );
}

/**
 * A zip bomb named as a DOCX: the parts of a document, its `word/document.xml` being `expandsTo` bytes of
 * zeros deflated as they stream (200 MiB deflate to about 200 KiB). yazl writes the true sizes in the
 * central directory.
 */
export function docxBomb(expandsTo = 200 * MIB): Promise<Buffer> {
  return zipOf({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': RELS, 'word/document.xml': zeros(expandsTo) });
}

/** A Word 97-2003 compound file written by cfb; with `macros`, a `Macros/VBA` storage as Word keeps a document's macros. */
export function wordCompoundFile(macros: boolean): Buffer {
  const doc = CFB.utils.cfb_new();
  CFB.utils.cfb_add(doc, '/WordDocument', Buffer.alloc(4096, 0x20));
  if (macros) {
    CFB.utils.cfb_add(doc, '/Macros/VBA/dir', Buffer.from('Attribute VB_Name = "NewMacros"'));
    CFB.utils.cfb_add(doc, '/Macros/PROJECT', Buffer.from('Module=NewMacros'));
  }
  return Buffer.from(CFB.write(doc, { type: 'buffer' }) as Uint8Array);
}

/** Where the test photo was taken (EXIF GPS: latitude and longitude as degrees/minutes/seconds rationals). */
export const PHOTO_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 9/1' };

/** What a polyglot carries after the JPEG's end of image marker. */
export const TRAILING_HTML = '<html><body><script>document.location="https://attacker.example/"</script></body></html>';

/**
 * A phone-style JPEG, 40×20 stored pixels, with EXIF orientation 6 (shown rotated: 20×40), a camera make
 * and GPS position, followed by an HTML page after its end of image (a JPEG/HTML polyglot).
 */
export async function jpegWithGpsAndTrailingHtml(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: PHOTO_GPS })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(TRAILING_HTML)]);
}
