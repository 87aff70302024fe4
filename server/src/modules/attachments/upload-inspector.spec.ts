import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { makeCompoundFile, makePdf } from '../../../test/support/files.js';
import { UploadInspector, UploadTooLargeError } from './upload-inspector.js';

/** Streams `data` through an inspector in chunks of `chunkSize` bytes. */
async function inspect(data: Buffer, chunkSize: number, maxBytes = 10 * 1024 * 1024, onKind?: (kind: string | undefined) => void) {
  const chunks: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunkSize) chunks.push(data.subarray(i, i + chunkSize));
  const inspector = new UploadInspector(maxBytes, undefined, onKind);
  let passed = 0;
  await pipeline(
    Readable.from(chunks),
    inspector,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        passed += chunk.length;
        callback();
      },
    }),
  );
  inspector.finalKindCheck();
  return { ...inspector.result(), passed };
}

describe('UploadInspector', () => {
  it('passes every byte through and reports size, sha256 and the kind detected from the head', async () => {
    const pdf = await makePdf('x', 20_000);
    const result = await inspect(pdf, 1000);
    expect(result).toMatchObject({ size: pdf.length, passed: pdf.length, kind: 'pdf', detected: 'pdf' });
    expect(result.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('finds the WordDocument stream name even when a chunk boundary cuts it', async () => {
    const doc = makeCompoundFile('WordDocument');
    for (const size of [7, 13, 1024 + 5]) expect((await inspect(doc, size)).kind).toBe('doc');
    expect((await inspect(makeCompoundFile('Workbook'), 7)).kind).toBeUndefined();
  });

  it('fails as soon as the byte count passes the limit', async () => {
    await expect(inspect(Buffer.alloc(5000, 1), 1000, 4096)).rejects.toBeInstanceOf(UploadTooLargeError);
  });

  it('reports the kind once, early, so that a refused type stops the stream', async () => {
    const seen: (string | undefined)[] = [];
    const refuse = (kind: string | undefined) => {
      seen.push(kind);
      throw new Error('refused');
    };
    await expect(inspect(Buffer.concat([Buffer.from('plain text '), Buffer.alloc(100_000, 0x61)]), 4096, 1e9, refuse)).rejects.toThrow(
      'refused',
    );
    expect(seen).toEqual([undefined]);
  });
});
