import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP server that speaks clamd's INSTREAM protocol and flags the EICAR test string (tests only). */
export interface ClamdDouble {
  host: string;
  port: number;
  /** Number of INSTREAM scans completed. */
  scans: number;
  /** Bytes received in the last scan. */
  lastScanBytes: number;
  close(): Promise<void>;
}

const EICAR_MARK = Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST-FILE');

/**
 * Starts a clamd double on a free loopback port. It accepts `zINSTREAM\0` (and `nINSTREAM\n`), reads
 * length-prefixed chunks until a zero length, then answers `stream: Eicar-Test-Signature FOUND\0` when
 * the stream contained the EICAR string, else `stream: OK\0` — like clamd.
 */
export async function startClamdDouble(): Promise<ClamdDouble> {
  const sockets = new Set<Socket>();
  const state = { scans: 0, lastScanBytes: 0 };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let commandRead = false;
    let infected = false;
    let received = 0;
    let tail = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!commandRead) {
        const end = buffer.findIndex((b) => b === 0 || b === 0x0a);
        if (end < 0) return;
        const command = buffer.subarray(0, end).toString();
        buffer = buffer.subarray(end + 1);
        if (command !== 'zINSTREAM' && command !== 'nINSTREAM') {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
        commandRead = true;
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          state.scans++;
          state.lastScanBytes = received;
          socket.end(infected ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          buffer = Buffer.alloc(0);
          return;
        }
        if (buffer.length < 4 + length) return;
        const chunk = buffer.subarray(4, 4 + length);
        buffer = buffer.subarray(4 + length);
        received += chunk.length;
        const window = Buffer.concat([tail, chunk]);
        if (window.includes(EICAR_MARK)) infected = true;
        tail = window.subarray(Math.max(0, window.length - EICAR_MARK.length));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    get scans() {
      return state.scans;
    },
    get lastScanBytes() {
      return state.lastScanBytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
