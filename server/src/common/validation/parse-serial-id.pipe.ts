import { HttpStatus, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiException } from '../errors/api.exception.js';

/** Largest value of a PostgreSQL `integer` / `serial` column. */
const MAX_SERIAL = 2_147_483_647;
/** Largest value of a PostgreSQL `bigint` / `bigserial` column. */
const MAX_BIG_SERIAL = 9_223_372_036_854_775_807n;

/** Checks a path id against 1…max. @throws ApiException 400 REQ-400 not an integer; 404 REQ-404 out of range */
function checkedId(value: string, max: bigint): bigint {
  if (!/^-?\d{1,40}$/.test(value)) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
  const id = BigInt(value);
  if (id < 1n || id > max) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
  return id;
}

/**
 * Parses the numeric id of a path (`/api/admin/dropdowns/:id`): a positive decimal integer within a
 * PostgreSQL serial's range — never a database error (issue 10 item 7). Not an integer (`abc`, `1.5`,
 * `1e3`, `0x10`): 400 REQ-400, as Nest's ParseIntPipe answered; an integer outside 1…2³¹−1 (`0`, `-1`,
 * `99999999999999999999`) names no record: 404 REQ-404.
 */
@Injectable()
export class ParseSerialIdPipe implements PipeTransform<string, number> {
  /** @throws ApiException 400 REQ-400 when `value` is not an integer; 404 REQ-404 when out of range */
  transform(value: string): number {
    return Number(checkedId(value, BigInt(MAX_SERIAL)));
  }
}

/**
 * The same for a `bigserial` id (audit log, time log), kept as a decimal string as TypeORM reads
 * bigints: 400 REQ-400 when not an integer, 404 REQ-404 outside 1…2⁶³−1.
 */
@Injectable()
export class ParseBigSerialIdPipe implements PipeTransform<string, string> {
  /** @throws ApiException 400 REQ-400 when `value` is not an integer; 404 REQ-404 when out of range */
  transform(value: string): string {
    return String(checkedId(value, MAX_BIG_SERIAL));
  }
}
