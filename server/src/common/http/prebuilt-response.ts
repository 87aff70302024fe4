import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Answers under this many bytes are not worth compressing (issue 12: "JSON over 1 KB"). */
export const COMPRESS_MIN_BYTES = 1024;

/** Cache-Control of the hot public reads: browsers and proxies may reuse an answer 5 s and serve it stale 30 s more while revalidating. */
export const HOT_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/**
 * Cache-Control of answers that must be fresh on every use (the maintenance state, the advisory banner:
 * the applicant app re-checks right after a MAI-002 and shows an edited banner at once): always
 * revalidated, which costs a 304 from memory.
 */
export const REVALIDATE_CACHE_CONTROL = 'public, no-cache';

/**
 * A JSON answer serialised once and kept in memory with its brotli and gzip forms and a strong ETag
 * (issue 12 "hot reads from memory"): sending it costs no query, no serialisation and no compression.
 * Built again only when its data changes (see {@link ChangeFeedService}).
 */
export class PrebuiltResponse {
  /** The value the bytes were built from (for in-process readers such as the save path). */
  readonly value: unknown;
  /** UTF-8 JSON. */
  readonly identity: Buffer;
  /** brotli of `identity`, or null when it is under {@link COMPRESS_MIN_BYTES}. */
  readonly br: Buffer | null;
  /** gzip of `identity`, or null when it is under {@link COMPRESS_MIN_BYTES}. */
  readonly gzip: Buffer | null;
  /** Strong ETag: a quoted SHA-256 (base64url, 27 chars) of `identity`. */
  readonly etag: string;

  /** @param cacheControl the `Cache-Control` it is sent with */
  constructor(
    value: unknown,
    readonly cacheControl: string = HOT_CACHE_CONTROL,
  ) {
    this.value = value;
    this.identity = Buffer.from(JSON.stringify(value), 'utf8');
    const big = this.identity.length >= COMPRESS_MIN_BYTES;
    this.br = big ? brotliCompressSync(this.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : null;
    this.gzip = big ? gzipSync(this.identity, { level: 9 }) : null;
    this.etag = `"${createHash('sha256').update(this.identity).digest('base64url').slice(0, 27)}"`;
  }

  /**
   * Sends the answer: 304 (no body) when `If-None-Match` names its ETag, else 200 with brotli or gzip
   * when the client accepts it (and the answer is big enough), identity otherwise. Always sets `ETag`,
   * `Cache-Control` ({@link HOT_CACHE_CONTROL} unless built with another), `Vary: Accept-Encoding` (plus `extraVary`) and
   * `X-Content-Type-Options: nosniff`. A HEAD request gets the headers only.
   * @param common headers every answer carries (the security headers)
   * @param extraVary another request header the answer depends on (e.g. `Accept-Language`)
   */
  send(request: Request, response: Response, common: Record<string, string> = {}, extraVary?: string): void {
    const headers: Record<string, string | number> = {
      ...common,
      ETag: this.etag,
      'Cache-Control': this.cacheControl,
      Vary: extraVary ? `Accept-Encoding, ${extraVary}` : 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
    };
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === this.etag || tag.trim() === '*')) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    let body = this.identity;
    const accepted = request.headers['accept-encoding'];
    if (accepted && this.br) {
      if (/\bbr\b/.test(accepted)) {
        body = this.br;
        headers['Content-Encoding'] = 'br';
      } else if (/\bgzip\b/.test(accepted) && this.gzip) {
        body = this.gzip;
        headers['Content-Encoding'] = 'gzip';
      }
    }
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}
