import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../common/net/free-port.js';
import { startClamdDouble, type ClamdDouble } from '../../../test/support/clamd-double.js';
import { EICAR } from '../../../test/support/files.js';
import { ClamavScanner } from './clamav-scanner.js';

describe('ClamavScanner (INSTREAM) against the clamd double', () => {
  let clamd: ClamdDouble;
  beforeAll(async () => {
    clamd = await startClamdDouble();
  });
  afterAll(() => clamd.close());

  const scan = async (scanner: ClamavScanner, chunks: Buffer[]) => {
    const session = scanner.start();
    for (const chunk of chunks) await session.write(chunk);
    return session.finish();
  };

  it('answers clean for an ordinary stream, with every byte sent', async () => {
    const scanner = new ClamavScanner(clamd.host, clamd.port, 2000);
    const data = Buffer.alloc(200_000, 0x41);
    expect(await scan(scanner, [data.subarray(0, 70_000), data.subarray(70_000)])).toEqual({ infected: false });
    expect(clamd.lastScanBytes).toBe(data.length);
  });

  it('reports the signature when the EICAR string arrives split across chunks', async () => {
    const scanner = new ClamavScanner(clamd.host, clamd.port, 2000);
    const data = Buffer.from(`header ${EICAR} trailer`);
    expect(await scan(scanner, [data.subarray(0, 20), data.subarray(20)])).toEqual({ infected: true, signature: 'Eicar-Test-Signature' });
  });

  it('fails (never answers clean) when clamd cannot be reached', async () => {
    const scanner = new ClamavScanner('127.0.0.1', await freePort(), 1000);
    await expect(scan(scanner, [Buffer.from('data')])).rejects.toThrow();
  });
});
