import { createServer } from 'node:net';

/**
 * A TCP port that is free on 127.0.0.1 right now (the OS picks it). Used for the embedded PostgreSQL,
 * which must never assume 5432 (a machine may already run PostgreSQL there), and by tests.
 * @throws Error when no port can be bound
 */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
