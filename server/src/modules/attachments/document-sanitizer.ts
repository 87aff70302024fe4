import { text } from 'node:stream/consumers';
import type { Entry, ZipFile } from 'yauzl';
import type { AcceptedKind } from './attachment-slots.js';

/**
 * Issue 26 item 3, "documents without active content": what an accepted document may not carry, and the
 * code of each refusal (422 with `errors.file`, message `errors.<code>`; docs/api.md lists them).
 */
export type DocumentRefusalCode =
  /** PDF with JavaScript (`/JS`, `/JavaScript` — an OpenAction or any other action, the names tree) or an XFA (scripted) form. */
  | 'ATT-006'
  /** PDF with a `/Launch` action (starts a program or opens a file on the reader's machine). */
  | 'ATT-007'
  /** PDF with embedded files (`/EmbeddedFile`, `/EmbeddedFiles`) or embedded rich media (`/RichMedia`). */
  | 'ATT-008'
  /** Word file with macros or embedded code: VBA project, ActiveX/OLE `.bin` parts, macro-enabled content types, a DOC's Macros/VBA storage or OLE package. */
  | 'ATT-009'
  /** Expands too far when opened: an archive (DOCX) over the declared-size limits, or an image over the pixel limit. */
  | 'ATT-010'
  /** Damaged: cannot be read as the type its content claims (no PDF catalog, no ZIP central directory, no compound file, undecodable image). */
  | 'ATT-011'
  /** Encrypted (password-protected) PDF: its objects cannot be inspected, so it cannot be vouched for. */
  | 'ATT-012';

/** A document refused by {@link sanitizeDocument}; `detail` says what was found, for the log (never shown to the uploader). */
export class DocumentRefusedError extends Error {
  constructor(
    readonly code: DocumentRefusalCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** What is stored for an accepted document. */
export interface SanitizedDocument {
  /** The bytes to store: the upload itself, or for an image its re-encoding. */
  bytes: Buffer;
  /** True when `bytes` is a re-encoding (its size and sha256 differ from the upload's). */
  reencoded: boolean;
}

const MIB = 1024 * 1024;

/**
 * Limits of an archive's declared expansion, read from its central directory (never by inflating):
 * the total of the entries' uncompressed sizes, that total over the archive's size (applied once the total
 * passes `ratioFloorBytes`: a small document expanding a lot harms nobody), and the number of entries.
 */
export const ARCHIVE_LIMITS = { maxTotalBytes: 100 * MIB, maxRatio: 100, ratioFloorBytes: MIB, maxEntries: 10_000 } as const;

/** Largest image accepted, in pixels (width × height, from the header, before decoding): a 48 MP phone photo fits. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Largest `[Content_Types].xml` read (declared uncompressed size; yauzl also checks the inflated bytes against it). */
const MAX_CONTENT_TYPES_BYTES = MIB;

/**
 * Checks an upload whose kind was detected from its content and returns what to store (issue 26 item 3):
 * - PDF: parsed with pdf-lib (object streams included, names normalised), refused with ATT-006/007/008 when
 *   any object names JavaScript, a launch action or embedded files; ATT-012 when encrypted; ATT-011 when
 *   it has no readable catalog;
 * - DOCX: the ZIP central directory read with yauzl (nothing inflated but `[Content_Types].xml`, ≤ 1 MiB
 *   declared): ATT-010 over {@link ARCHIVE_LIMITS}, ATT-009 with macros or embedded code;
 * - DOC: the compound file's directory read with cfb: ATT-009 with a Macros/VBA storage or an OLE package;
 * - JPEG/PNG: re-encoded with sharp in the same format, oriented by its EXIF orientation, without any
 *   metadata (EXIF with GPS, XMP, comments) or bytes after the image's end; ATT-010 over
 *   {@link MAX_IMAGE_PIXELS}, ATT-011 when it cannot be decoded.
 * The whole file is in memory (uploads are capped by `UPLOAD_MAX_FILE_BYTES`).
 * @throws DocumentRefusedError with the code of the first reason found
 */
export async function sanitizeDocument(kind: AcceptedKind, bytes: Buffer): Promise<SanitizedDocument> {
  switch (kind) {
    case 'pdf':
      await checkPdf(bytes);
      return { bytes, reencoded: false };
    case 'docx':
      await checkDocx(bytes);
      return { bytes, reencoded: false };
    case 'doc':
      await checkDoc(bytes);
      return { bytes, reencoded: false };
    case 'jpg':
    case 'png':
      return { bytes: await reencodeImage(kind, bytes), reencoded: true };
  }
}

// ---- PDF -------------------------------------------------------------------------------------------

/** Names whose presence anywhere in a PDF's objects (as a key or a value) refuses it, with the code of each. */
const PDF_ACTIVE_NAMES: ReadonlyMap<string, DocumentRefusalCode> = new Map([
  ['JS', 'ATT-006'],
  ['JavaScript', 'ATT-006'],
  ['XFA', 'ATT-006'],
  ['Launch', 'ATT-007'],
  ['EmbeddedFile', 'ATT-008'],
  ['EmbeddedFiles', 'ATT-008'],
  ['RichMedia', 'ATT-008'],
]);

/** Order in which the PDF reasons are reported when a file has several. */
const PDF_CODE_ORDER: DocumentRefusalCode[] = ['ATT-006', 'ATT-007', 'ATT-008'];

/** Objects between pauses of the parser (it yields to the event loop between batches). */
const PDF_OBJECTS_PER_TICK = 200;

/**
 * A PDF name as a reader understands it: pdf-lib decodes `#xx` escapes written with upper-case hex digits
 * only (`/J#61vaScript` → JavaScript), this also decodes lower-case ones (`/#4aS` → JS).
 */
export function normalizePdfName(text: string): string {
  return text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function checkPdf(bytes: Buffer): Promise<void> {
  const pdf = await import('pdf-lib');
  const { PDFParser, PDFName, PDFDict, PDFArray, PDFStream, PDFInvalidObject } = pdf;
  type PDFObject = InstanceType<typeof pdf.PDFObject>;

  /** pdf-lib's parser, also keeping every object a later one of the same number replaced (a reader may follow the older). */
  class RecordingParser extends PDFParser {
    readonly replaced: PDFObject[] = [];
    constructor(input: Uint8Array) {
      super(input, PDF_OBJECTS_PER_TICK, false, true);
      const context = this.context;
      const assign = context.assign.bind(context);
      context.assign = (ref, object) => {
        const previous = context.lookup(ref);
        if (previous) this.replaced.push(previous);
        assign(ref, object);
      };
    }
    get parsed() {
      return this.context;
    }
  }

  const parser = new RecordingParser(bytes);
  try {
    await parser.parseDocument();
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `PDF does not parse: ${(error as Error).message}`);
  }
  const context = parser.parsed;
  const found = new Map<DocumentRefusalCode, Set<string>>();
  const note = (name: string) => {
    const code = PDF_ACTIVE_NAMES.get(name);
    if (code) found.set(code, (found.get(code) ?? new Set()).add(name));
  };
  const stack: PDFObject[] = [...context.enumerateIndirectObjects().map(([, object]) => object), ...parser.replaced];
  const visited = new Set<PDFObject>();
  while (stack.length) {
    const object = stack.pop()!;
    if (visited.has(object)) continue;
    visited.add(object);
    if (object instanceof PDFName) note(normalizePdfName(object.decodeText()));
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        note(normalizePdfName(key.decodeText()));
        stack.push(value);
      }
    } else if (object instanceof PDFArray) stack.push(...object.asArray());
    else if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFInvalidObject) {
      // an object pdf-lib could not parse: look for the names in its raw text
      const raw = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(raw, 0);
      for (const token of Buffer.from(raw)
        .toString('latin1')
        .match(/\/[^\s/[\]<>(){}%]+/g) ?? [])
        note(normalizePdfName(token.slice(1)));
    }
  }
  for (const code of PDF_CODE_ORDER) {
    const names = found.get(code);
    if (names) throw new DocumentRefusedError(code, `PDF names ${[...names].map((n) => `/${n}`).join(', ')}`);
  }
  if (context.trailerInfo.Encrypt) throw new DocumentRefusedError('ATT-012', 'PDF is encrypted');
  const root = context.trailerInfo.Root ? context.lookup(context.trailerInfo.Root) : undefined;
  if (!(root instanceof PDFDict)) throw new DocumentRefusedError('ATT-011', 'PDF has no document catalog');
}

// ---- DOCX (ZIP) ------------------------------------------------------------------------------------

/** Content types of macro-enabled or code-carrying parts (`[Content_Types].xml`), lower-cased. */
const MACRO_CONTENT_TYPES = ['macroenabled', 'vbaproject', 'vbadata', 'ms-office.activex'];

/** Extensions of embedded documents that may carry macros (a .docm inside a .docx, say). */
const MACRO_DOCUMENT_EXTENSIONS = new Set(['docm', 'dotm', 'xlsm', 'xltm', 'xlam', 'xlsb', 'pptm', 'potm', 'ppam', 'ppsm', 'sldm']);

/** One entry of a ZIP's central directory. */
interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * Why a Word 2007+ package carries code, from its part names and content types, or undefined: a VBA
 * project (`vbaProject.bin`, `vbaData.xml`), any `.bin` part but printer settings (ActiveX controls, OLE
 * objects, toolbars), an embedded macro-enabled document, or a macro-enabled content type.
 */
export function macroReason(entries: readonly ZipEntryInfo[], contentTypes: string): string | undefined {
  for (const { name } of entries) {
    const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
    const extension = base.includes('.') ? base.slice(base.lastIndexOf('.') + 1) : '';
    if (base === 'vbaproject.bin' || base === 'vbadata.xml') return `part ${name}`;
    if (extension === 'bin' && !base.startsWith('printersettings')) return `binary part ${name}`;
    if (MACRO_DOCUMENT_EXTENSIONS.has(extension)) return `embedded document ${name}`;
  }
  const types = contentTypes.toLowerCase();
  const type = MACRO_CONTENT_TYPES.find((t) => types.includes(t));
  return type ? `content type containing "${type}"` : undefined;
}

/** Why an archive's declared expansion is refused (see {@link ARCHIVE_LIMITS}), or undefined. */
export function expansionReason(entries: readonly ZipEntryInfo[], archiveBytes: number): string | undefined {
  if (entries.length > ARCHIVE_LIMITS.maxEntries) return `${entries.length} entries`;
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > ARCHIVE_LIMITS.maxTotalBytes) return `declares ${total} bytes uncompressed`;
  const ratio = total / Math.max(1, archiveBytes);
  if (total > ARCHIVE_LIMITS.ratioFloorBytes && ratio > ARCHIVE_LIMITS.maxRatio)
    return `declares ${total} bytes from ${archiveBytes} (${Math.round(ratio)}:1)`;
  return undefined;
}

async function checkDocx(bytes: Buffer): Promise<void> {
  const { default: yauzl } = await import('yauzl');
  const entries: ZipEntryInfo[] = [];
  let contentTypesEntry: Entry | undefined;
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `ZIP does not open: ${(error as Error).message}`);
  }
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) throw new DocumentRefusedError('ATT-010', `ZIP declares ${zip.entryCount} entries`);
    try {
      for await (const entry of zip.eachEntry()) {
        entries.push({ name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize });
        if (entry.fileName === '[Content_Types].xml') contentTypesEntry = entry;
      }
    } catch (error) {
      throw new DocumentRefusedError('ATT-011', `ZIP central directory does not read: ${(error as Error).message}`);
    }
    const expansion = expansionReason(entries, bytes.length);
    if (expansion) throw new DocumentRefusedError('ATT-010', `ZIP ${expansion}`);
    // only now, with the declared sizes known to be sane, inflate the one small part that names the content types
    const contentTypes = contentTypesEntry ? await readSmallEntry(zip, contentTypesEntry) : '';
    const macros = macroReason(entries, contentTypes);
    if (macros) throw new DocumentRefusedError('ATT-009', `DOCX has ${macros}`);
  } finally {
    zip.close();
  }
}

/** The text of a ZIP entry of at most {@link MAX_CONTENT_TYPES_BYTES} declared bytes (yauzl refuses more than declared). */
async function readSmallEntry(zip: ZipFile, entry: Entry): Promise<string> {
  if (entry.uncompressedSize > MAX_CONTENT_TYPES_BYTES) {
    throw new DocumentRefusedError('ATT-010', `ZIP part ${entry.fileName} declares ${entry.uncompressedSize} bytes`);
  }
  try {
    return await text(await zip.openReadStreamPromise(entry));
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `ZIP part ${entry.fileName} does not read: ${(error as Error).message}`);
  }
}

// ---- DOC (compound file) ---------------------------------------------------------------------------

/** Storages and streams of a compound file that hold VBA macros (Word: `Macros/VBA`; Excel: `_VBA_PROJECT_CUR`), lower-cased. */
const CFB_MACRO_NAMES = new Set(['macros', 'vba', '_vba_project_cur', '_vba_project']);
/** The stream of an OLE package: an arbitrary embedded file (an executable, a script) shown as an icon. */
const CFB_PACKAGE_STREAM = '\u0001ole10native';

async function checkDoc(bytes: Buffer): Promise<void> {
  const { default: CFB } = await import('cfb');
  let paths: string[];
  try {
    paths = CFB.read(bytes, { type: 'buffer' }).FullPaths;
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `compound file does not read: ${(error as Error).message}`);
  }
  for (const path of paths) {
    const names = path
      .split('/')
      .filter(Boolean)
      .map((n) => n.toLowerCase());
    if (names.some((n) => CFB_MACRO_NAMES.has(n))) throw new DocumentRefusedError('ATT-009', `DOC has ${path}`);
    if (names.at(-1) === CFB_PACKAGE_STREAM) throw new DocumentRefusedError('ATT-009', `DOC has an OLE package at ${path}`);
  }
}

// ---- images ----------------------------------------------------------------------------------------

async function reencodeImage(kind: 'jpg' | 'png', bytes: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `image header does not read: ${(error as Error).message}`);
  }
  if (!width || !height) throw new DocumentRefusedError('ATT-011', 'image has no size');
  if (width * height > MAX_IMAGE_PIXELS) throw new DocumentRefusedError('ATT-010', `image is ${width}×${height} pixels`);
  // failOn 'warning' (sharp's advice for untrusted input): a truncated or corrupt image is refused, not stored half grey
  const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  try {
    // sharp writes no metadata unless asked: EXIF (GPS included), XMP, IPTC and comments are dropped
    return await (kind === 'jpg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
  } catch (error) {
    throw new DocumentRefusedError('ATT-011', `image does not decode: ${(error as Error).message}`);
  }
}
