import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Response } from 'express';
import { HttpStatus } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../errors/api.exception.js';

/**
 * Query of a react-admin list in the ra-data-simple-rest dialect (DESIGN §4):
 * `sort=["field","ASC"]`, `range=[0,24]` (inclusive), `filter={"q":"…"}` — each a JSON string.
 */
export class SimpleRestListQuery {
  @ApiPropertyOptional({ example: '["id","ASC"]' }) @IsOptional() @IsString() @MaxLength(200) sort?: string;
  @ApiPropertyOptional({ example: '[0,24]' }) @IsOptional() @IsString() @MaxLength(100) range?: string;
  @ApiPropertyOptional({ example: '{"q":"text"}' }) @IsOptional() @IsString() @MaxLength(2000) filter?: string;
}

/** A parsed {@link SimpleRestListQuery}: `skip`/`take` from the inclusive range. */
export interface ParsedListQuery {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  skip: number;
  take: number;
  filter: Record<string, unknown>;
}

/** Largest range bound accepted (a PostgreSQL integer), so OFFSET never overflows. */
const MAX_OFFSET = 2_147_483_647;

const badQuery = () => new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badQuery();
  }
}

/**
 * Parses and checks a list query.
 * @param sortable fields that may be sorted on; anything else answers 400 REQ-400
 * @param maxPage largest page size (items)
 * @throws ApiException 400 REQ-400 on malformed JSON, unknown sort field or a bad range (bounds 0…2³¹−1)
 */
export function parseListQuery(query: SimpleRestListQuery, sortable: readonly string[], maxPage = 500): ParsedListQuery {
  const sort = parseJson(query.sort) ?? ['id', 'ASC'];
  const range = parseJson(query.range) ?? [0, 24];
  const filter = parseJson(query.filter) ?? {};
  if (
    !Array.isArray(sort) ||
    typeof sort[0] !== 'string' ||
    !sortable.includes(sort[0]) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  ) {
    throw badQuery();
  }
  const inRange = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_OFFSET;
  if (!Array.isArray(range) || !inRange(range[0]) || !inRange(range[1]) || range[1] < range[0]) {
    throw badQuery();
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badQuery();
  return {
    sortField: sort[0],
    sortOrder: String(sort[1]).toUpperCase() as 'ASC' | 'DESC',
    skip: range[0],
    take: Math.min(range[1] - range[0] + 1, maxPage),
    filter: filter as Record<string, unknown>,
  };
}

/** Sets `Content-Range: <resource> <start>-<end>/<total>` as ra-data-simple-rest reads it. */
export function setContentRange(response: Response, resource: string, skip: number, count: number, total: number): void {
  const end = count === 0 ? skip : skip + count - 1;
  response.setHeader('Content-Range', `${resource} ${skip}-${end}/${total}`);
}

/**
 * One page of a react-admin list, end to end: parses `query` (sorting only on `sortable`), fetches the
 * page and sets `Content-Range: <resource> <start>-<end>/<total>`.
 * @returns the page's records, for the controller to answer
 * @throws ApiException 400 REQ-400 on a malformed sort, range or filter
 */
export async function listPage<T>(
  query: SimpleRestListQuery,
  response: Response,
  resource: string,
  sortable: readonly string[],
  fetchPage: (parsed: ParsedListQuery) => Promise<{ rows: T[]; total: number }>,
): Promise<T[]> {
  const parsed = parseListQuery(query, sortable);
  const { rows, total } = await fetchPage(parsed);
  setContentRange(response, resource, parsed.skip, rows.length, total);
  return rows;
}

/** `%text%` for ILIKE, with `%`, `_` and `\` in the text escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

/** How record ids look: `uuid` (applications, users, discount codes) or `int` (serial ids). */
export type IdKind = 'uuid' | 'int';

const ID_PATTERNS: Record<IdKind, RegExp> = { uuid: /^[0-9a-f-]{36}$/i, int: /^\d{1,18}$/ };

/**
 * Applies react-admin's getMany filter `{"id": [...]}` (or one id) to a list query: only the listed
 * records, in any order. Values that cannot be an id of this kind are dropped (an id list of only bad
 * values matches nothing, never everything). No-op when the filter has no `id`.
 * @param qb the list's query builder
 * @param column the id column with its alias, e.g. `'d.id'`
 * @param value `filter.id` as parsed from the query string
 */
export function whereIdIn<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  column: string,
  value: unknown,
  kind: IdKind,
): SelectQueryBuilder<T> {
  if (value === undefined) return qb;
  const ids = (Array.isArray(value) ? value : [value]).map(String).filter((v) => ID_PATTERNS[kind].test(v));
  return qb.andWhere(ids.length ? `${column} IN (:...getManyIds)` : 'false', { getManyIds: ids });
}
