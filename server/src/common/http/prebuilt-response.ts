import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** What {@link PrebuiltResponse.send} answers: a 304, or a 200 with one of the encodings. */
type AnswerKind = 'not-modified' | 'identity' | 'br' | 'gzip';

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
   * `X-Content-Type-Options: nosniff`. A HEAD request gets the headers only. The headers of each kind of
   * answer are assembled once and reused (issue 12: hot reads at the speed of bare express).
   * @param common headers every answer carries (the security headers); expected to be the same object on every call
   * @param extraVary another request header the answer depends on (e.g. `Accept-Language`)
   * @param requestId sent as `X-Request-Id` when given
   */
  send(
    request: IncomingMessage,
    response: ServerResponse,
    common: Record<string, string> = {},
    extraVary?: string,
    requestId?: string,
  ): void {
    const ifNoneMatch = request.headers['if-none-match'];
    let kind: AnswerKind = 'identity';
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === this.etag || tag.trim() === '*')) {
      kind = 'not-modified';
    } else {
      const accepted = request.headers['accept-encoding'];
      if (accepted && this.br) {
        if (/\bbr\b/.test(accepted)) kind = 'br';
        else if (/\bgzip\b/.test(accepted) && this.gzip) kind = 'gzip';
      }
    }
    const headers = this.headersOf(kind, common, extraVary);
    const withId = requestId === undefined ? headers : [...headers, 'X-Request-Id', requestId];
    if (kind === 'not-modified') {
      response.writeHead(304, withId);
      response.end();
      return;
    }
    response.writeHead(200, withId);
    response.end(request.method === 'HEAD' ? undefined : kind === 'identity' ? this.identity : this[kind]!);
  }

  /** Header lists (name, value, name, value…) by kind of answer, `common` and `extraVary`. */
  private readonly headerLists = new WeakMap<Record<string, string>, Map<string, string[]>>();

  private headersOf(kind: AnswerKind, common: Record<string, string>, extraVary: string | undefined): string[] {
    let byKind = this.headerLists.get(common);
    if (!byKind) this.headerLists.set(common, (byKind = new Map()));
    const key = `${kind} ${extraVary ?? ''}`;
    let list = byKind.get(key);
    if (!list) {
      const headers: Record<string, string | number> = {
        ...common,
        ETag: this.etag,
        'Cache-Control': this.cacheControl,
        Vary: extraVary ? `Accept-Encoding, ${extraVary}` : 'Accept-Encoding',
        'X-Content-Type-Options': 'nosniff',
      };
      if (kind !== 'not-modified') {
        const body = kind === 'identity' ? this.identity : this[kind]!;
        if (kind !== 'identity') headers['Content-Encoding'] = kind;
        headers['Content-Type'] = 'application/json; charset=utf-8';
        headers['Content-Length'] = body.length;
      }
      list = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
      byKind.set(key, list);
    }
    return list;
  }
}
