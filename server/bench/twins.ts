import express from 'express';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The bare twins the portal is measured against (issue 12), each a child process of ratios.ts:
 *
 * - `save`: `node:http` + `pg` doing exactly the SQL an autosave needs — one statement resolving the
 *   token's hash to its live draft application, then the version-guarded `UPDATE … RETURNING` — with
 *   JSON parsing of the body and a JSON answer, a pool of 10 connections as the portal's. No framework,
 *   no validation, no audit: the floor a save can reach on this machine and database.
 * - `express`: plain express answering each hot read's path with the very bytes the portal answered
 *   (sent by the parent over IPC), as `application/json`, with the portal's ETag and Cache-Control (so
 *   express computes no ETag of its own). The load asks for no compression, so both send the identity bytes.
 *
 * Both answer `'cpu'` IPC messages with their CPU time and report `{ ready: port }` when listening.
 */

/** Answers the parent's `'cpu'` messages with `{ cpu: process.cpuUsage() }` (µs of user + system). */
export function serveCpuQueries(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
  });
}

const RESOLVE = `
  SELECT a.id, a.version, a.status, a.answers
    FROM application_tokens t JOIN applications a ON a.id = t.application_id
   WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`;
const UPDATE = `
  UPDATE applications SET answers = answers || $3::jsonb, version = version + 1, updated_at = now()
   WHERE id = $1 AND version = $2
  RETURNING *`;

function startSaveTwin(url: string): void {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const send = (response: ServerResponse, status: number, body: unknown) => {
    const bytes = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(bytes) });
    response.end(bytes);
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        const id = request.url!.split('/').pop();
        const token = request.headers['x-application-token'];
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { version: number } & Record<string, unknown>;
        const hash = createHash('sha256').update(String(token), 'utf8').digest('hex');
        const found = await pool.query<{ id: string; version: number; status: string }>(RESOLVE, [hash]);
        const row = found.rows[0];
        if (!row || row.id !== id || row.status !== 'draft') return send(response, 404, { success: false, code: 'TKN-001' });
        const { version, ...answers } = body;
        const updated = await pool.query(UPDATE, [id, version, JSON.stringify(answers)]);
        if (updated.rowCount !== 1) return send(response, 409, { success: false, code: 'APP-409' });
        send(response, 200, { success: true, data: updated.rows[0] as unknown });
      })().catch((error: unknown) => send(response, 500, { success: false, message: String(error) }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ ready: (server.address() as { port: number }).port }));
}

/** A hot read as the portal answered it: the bytes (base64) and the ETag and Cache-Control it came with. */
export interface TwinRoute {
  body: string;
  etag: string;
  cacheControl: string;
}

function startExpressTwin(): void {
  process.once('message', (message) => {
    const routes = message as Record<string, TwinRoute>;
    const app = express();
    for (const [path, route] of Object.entries(routes)) {
      const bytes = Buffer.from(route.body, 'base64');
      app.get(path, (_request, response) => {
        // the portal's ETag (express then hashes nothing) and Cache-Control: the same answer, minus the security headers
        response.set({ ETag: route.etag, 'Cache-Control': route.cacheControl }).type('application/json').send(bytes);
      });
    }
    const server = app.listen(0, '127.0.0.1', () => process.send!({ ready: (server.address() as { port: number }).port }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serveCpuQueries();
  if (process.argv[2] === 'save') startSaveTwin(process.env.DATABASE_URL!);
  else startExpressTwin();
}
