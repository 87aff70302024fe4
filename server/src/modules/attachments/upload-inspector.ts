import { fileTypeFromBuffer } from 'file-type';
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { AcceptedKind } from './attachment-slots.js';
import type { ScanSession } from './clamav-scanner.js';

/** Bytes file-type needs to recognise every format it knows (its `reasonableDetectionSizeInBytes`). */
export const SNIFF_BYTES = 4100;

/** `WordDocument` in UTF-16LE: the name of the main stream of a Word 97-2003 compound file. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/** Raised inside the stream when the file passes its byte limit. */
export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Upload exceeds ${limit} bytes`);
  }
}

/** What the inspector learned once the whole file went through. */
export interface InspectionResult {
  size: number;
  sha256: string;
  /** The accepted kind, or undefined when the content is none of PDF, JPEG, PNG, DOC, DOCX. */
  kind: AcceptedKind | undefined;
  /** What file-type reported (`ext`), for logs and messages; undefined when unknown. */
  detected: string | undefined;
}

/**
 * A pass-through stream that looks at an upload on its way to storage (DESIGN §6), without holding it:
 * - counts bytes and fails with {@link UploadTooLargeError} as soon as the count passes `maxBytes`;
 * - hashes it (sha256);
 * - detects the type from the first {@link SNIFF_BYTES} bytes with file-type (never the name), and
 *   calls `onKind` as soon as it is known so that a refused type stops the upload early;
 * - watches for the `WordDocument` stream name so that an OLE2 compound file counts as DOC only when it
 *   is a Word document;
 * - feeds every chunk to a virus scan session, when there is one, with back-pressure.
 */
export class UploadInspector extends Transform {
  private readonly hash: Hash = createHash('sha256');
  /** Not called `size`: @aws-sdk/lib-storage would take it for the body length. */
  private byteCount = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private detected: { ext: string } | undefined;
  private detectionDone = false;
  private tail = Buffer.alloc(0);
  private hasWordStream = false;

  /**
   * @param maxBytes largest allowed size
   * @param scan optional virus scan that receives every chunk
   * @param onKind called once with the kind detected from the head; throw to refuse the upload
   */
  constructor(
    private readonly maxBytes: number,
    private readonly scan?: ScanSession,
    private readonly onKind?: (kind: AcceptedKind | undefined, detected: string | undefined) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.byteCount > this.maxBytes) return callback(new UploadTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    this.watchWordStream(chunk);
    if (!this.detectionDone) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
    }
    void this.afterChunk(chunk).then(
      () => callback(null, chunk),
      (error: Error) => callback(error),
    );
  }

  override _flush(callback: TransformCallback): void {
    void this.detect().then(
      () => callback(),
      (error: Error) => callback(error),
    );
  }

  /** The figures of the whole file; call after the stream finished. */
  result(): InspectionResult {
    return { size: this.byteCount, sha256: this.hash.digest('hex'), kind: this.kind(), detected: this.detected?.ext };
  }

  private async afterChunk(chunk: Buffer): Promise<void> {
    if (!this.detectionDone && this.headBytes >= SNIFF_BYTES) await this.detect();
    if (this.scan) await this.scan.write(chunk);
  }

  private async detect(): Promise<void> {
    if (this.detectionDone) return;
    this.detectionDone = true;
    const head = Buffer.concat(this.head).subarray(0, SNIFF_BYTES);
    this.head = [];
    this.detected = head.length ? await fileTypeFromBuffer(head) : undefined;
    // A compound file's kind is only final at the end (the WordDocument name may come later).
    if (head.length && this.detected?.ext !== 'cfb') this.onKind?.(this.kind(), this.detected?.ext);
  }

  /** Called at the end for compound files, whose kind depends on the whole content. */
  finalKindCheck(): void {
    if (this.detected?.ext === 'cfb') this.onKind?.(this.kind(), this.detected.ext);
  }

  private kind(): AcceptedKind | undefined {
    switch (this.detected?.ext) {
      case 'pdf':
        return 'pdf';
      case 'jpg':
        return 'jpg';
      case 'png':
        return 'png';
      case 'docx':
        return 'docx';
      case 'cfb':
        return this.hasWordStream ? 'doc' : undefined;
      default:
        return undefined;
    }
  }

  private watchWordStream(chunk: Buffer): void {
    if (this.hasWordStream) return;
    const keep = WORD_STREAM_NAME.length - 1;
    const seam = Buffer.concat([this.tail, chunk.subarray(0, keep)]);
    if (seam.includes(WORD_STREAM_NAME) || chunk.includes(WORD_STREAM_NAME)) this.hasWordStream = true;
    this.tail = chunk.length >= keep ? Buffer.from(chunk.subarray(chunk.length - keep)) : seam.subarray(Math.max(0, seam.length - keep));
  }
}
