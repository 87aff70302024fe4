import { connect, type Socket } from 'node:net';

/** What clamd said about a stream. */
export interface ScanVerdict {
  infected: boolean;
  /** The signature name when infected (e.g. `Eicar-Test-Signature`). */
  signature?: string;
}

/** A virus scan in progress: feed it the file's chunks in order, then ask for the verdict. */
export interface ScanSession {
  /** Sends one chunk; resolves when clamd's socket accepted it (back-pressure). */
  write(chunk: Buffer): Promise<void>;
  /** Ends the stream and resolves with clamd's verdict. @throws Error when clamd fails or times out */
  finish(): Promise<ScanVerdict>;
  /** Drops the connection (upload aborted). */
  abort(): void;
}

/** Largest INSTREAM chunk sent at once (clamd reads each length-prefixed chunk whole). */
const MAX_CHUNK = 64 * 1024;

/**
 * A client of clamd's INSTREAM command over TCP (`CLAMAV_HOST`, `CLAMAV_PORT`): the command
 * `zINSTREAM\0`, then chunks each prefixed by a 4-byte big-endian length, then a zero length; clamd
 * answers `stream: OK\0` or `stream: <signature> FOUND\0` (or `… ERROR\0`).
 */
export class ClamavScanner {
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs: number,
  ) {}

  /** Opens a connection and starts an INSTREAM scan. */
  start(): ScanSession {
    const socket: Socket = connect({ host: this.host, port: this.port });
    socket.setTimeout(this.timeoutMs);
    let answer = '';
    let failure: Error | undefined;
    const done = new Promise<string>((resolve, reject) => {
      socket.on('data', (data: Buffer) => {
        answer += data.toString('utf8');
        if (answer.includes('\0')) {
          resolve(answer);
          socket.end();
        }
      });
      socket.on('end', () => resolve(answer));
      socket.on('timeout', () => {
        failure = new Error(`clamd at ${this.host}:${this.port} did not answer within ${this.timeoutMs} ms`);
        socket.destroy(failure);
      });
      socket.on('error', (error) => {
        failure = failure ?? error;
        reject(failure);
      });
    });
    done.catch(() => undefined);
    const send = (data: Buffer) =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        if (socket.destroyed) return reject(new Error('clamd connection closed'));
        socket.write(data, (error) => (error ? reject(error) : resolve()));
      });
    const opened = send(Buffer.from('zINSTREAM\0'));
    opened.catch(() => undefined);

    return {
      async write(chunk: Buffer) {
        await opened;
        for (let offset = 0; offset < chunk.length; offset += MAX_CHUNK) {
          const part = chunk.subarray(offset, offset + MAX_CHUNK);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.length);
          await send(Buffer.concat([length, part]));
        }
      },
      async finish() {
        await opened;
        await send(Buffer.alloc(4));
        const text = (await done).replace(/\0/g, '').trim();
        const found = /^stream: (.+) FOUND$/.exec(text);
        if (found) return { infected: true, signature: found[1] };
        if (text === 'stream: OK') return { infected: false };
        throw new Error(`clamd answered "${text || '(nothing)'}"`);
      },
      abort() {
        socket.destroy();
      },
    };
  }
}
