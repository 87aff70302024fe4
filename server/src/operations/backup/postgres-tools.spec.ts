import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PostgresToolError,
  libpqConnection,
  maskDatabaseUrl,
  parseToolVersion,
  requireMajor,
  resolveTool,
  serverVersionOf,
  toolCommand,
} from './postgres-tools.js';

describe('PostgreSQL client programs for backup and restore', () => {
  let bin: string;

  beforeAll(async () => {
    bin = await mkdtemp(join(tmpdir(), 'portal-pgbin-'));
    // a stand-in pg_dump that only answers --version, as Debian's PostgreSQL 15 does
    await writeFile(join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"\n');
    await chmod(join(bin, 'pg_dump'), 0o755);
  });
  afterAll(async () => {
    await rm(bin, { recursive: true, force: true });
  });

  it('reads the versions of the programs and of the server', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({ version: '15.20', major: 15 });
    expect(parseToolVersion('pg_restore (PostgreSQL) 18beta1')).toEqual({ version: '18beta1', major: 18 });
    expect(() => parseToolVersion('command not found')).toThrow(PostgresToolError);
    expect(serverVersionOf(180004)).toEqual({ version: '18.4', major: 18 });
    expect(serverVersionOf(150020)).toEqual({ version: '15.20', major: 15 });
  });

  it('looks for a program in PG_DUMP / PG_RESTORE, then PG_BIN_DIR, then on PATH', () => {
    expect(toolCommand('pg_dump', { PG_DUMP: '/opt/pg/pg_dump', PG_BIN_DIR: '/x' })).toBe('/opt/pg/pg_dump');
    expect(toolCommand('pg_restore', { PG_DUMP: '/opt/pg/pg_dump', PG_BIN_DIR: '/usr/lib/postgresql/18/bin' })).toBe(
      '/usr/lib/postgresql/18/bin/pg_restore',
    );
    expect(toolCommand('pg_restore', {})).toBe('pg_restore');
  });

  it('stops on a pg_dump older than the server, naming both versions and what to install', async () => {
    const pgDump = await resolveTool('pg_dump', { PG_BIN_DIR: bin }, 18);
    expect(pgDump).toMatchObject({ command: join(bin, 'pg_dump'), version: '15.20', major: 15 });
    expect(() => requireMajor(pgDump, 15, 'the database server is PostgreSQL 15.20')).not.toThrow();
    expect(() => requireMajor(pgDump, 18, 'the database server is PostgreSQL 18.4')).toThrow(
      /^pg_dump 15\.20 \(.+\) is older than PostgreSQL 18 and cannot be used: the database server is PostgreSQL 18\.4\. Install PostgreSQL 18's client programs \(Debian\/Ubuntu: postgresql-client-18 .*PG_BIN_DIR.*\/usr\/lib\/postgresql\/18\/bin.*PG_DUMP/,
    );
  });

  it('says where it looked and what to install when the program is missing', async () => {
    await expect(resolveTool('pg_restore', { PG_BIN_DIR: join(bin, 'missing') }, 17)).rejects.toThrow(
      /^pg_restore cannot be run \(.+\/missing\/pg_restore: ENOENT; looked at PG_RESTORE, PG_BIN_DIR, then PATH\)\. Install PostgreSQL 17's client programs/,
    );
  });

  it('keeps the password off the command line and out of logs', () => {
    expect(libpqConnection('postgres://portal:p%40ss%3Aword@db:5432/portal?sslmode=require')).toEqual({
      dbname: 'postgres://portal@db:5432/portal?sslmode=require',
      password: 'p@ss:word',
    });
    expect(libpqConnection('postgres://root@127.0.0.1:5432/test')).toEqual({
      dbname: 'postgres://root@127.0.0.1:5432/test',
      password: undefined,
    });
    expect(maskDatabaseUrl('postgres://portal:s3cret@db:5432/portal')).toBe('postgres://portal:***@db:5432/portal');
    expect(maskDatabaseUrl('postgres://root@127.0.0.1:5432/test')).toBe('postgres://root@127.0.0.1:5432/test');
  });
});
