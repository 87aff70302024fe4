import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Issue 26 item 11: the scheduled backup of docker-compose.yml and the npm scripts run the commands that
 * exist, with a pg_dump of the compose database's major (pg_dump refuses a newer server).
 */
describe('the backup commands against the deployment', () => {
  const repo = new URL('../../../../', import.meta.url);
  const text = (path: string) => readFileSync(new URL(path, repo), 'utf8');
  /** The TypeScript source of a built file named in a script (`server/dist/server/src/x.js` → `server/src/x.ts`). */
  const sourceOf = (built: string) => new URL(built.replace('server/dist/server/', 'server/').replace(/\.js$/, '.ts'), repo);

  it("gives the compose backup stage the PostgreSQL client of the db service's major", () => {
    const dbMajor = /^\s+image: postgres:(\d+)/m.exec(text('docker-compose.yml'))![1];
    expect(/^ARG PG_CLIENT_MAJOR=(\d+)$/m.exec(text('Dockerfile'))![1]).toBe(dbMajor);
    expect(text('Dockerfile')).toMatch(/^FROM runtime AS backup$/m);
    // the last stage, which `docker build .` builds, is still the runtime
    expect(
      text('Dockerfile')
        .trimEnd()
        .split('\n')
        .filter((line) => line.startsWith('FROM '))
        .pop(),
    ).toBe('FROM runtime');
  });

  it('runs the backup command on a schedule with retention, both set from compose.env', () => {
    const compose = text('docker-compose.yml');
    const command = /node (server\/dist\/\S+backup\.cli\.js) --out \/backups --keep \$\{BACKUP_RETENTION_COUNT:-\d+\}/.exec(compose);
    expect(command).not.toBeNull();
    expect(existsSync(sourceOf(command![1]!))).toBe(true);
    expect(compose).toMatch(/sleep \$\{BACKUP_INTERVAL_SECONDS:-\d+\}/);
    expect(compose).toMatch(/- backups:\/backups/);
    const example = text('deploy/compose.env.example');
    for (const name of ['BACKUP_INTERVAL_SECONDS', 'BACKUP_RETENTION_COUNT']) expect(example).toContain(`${name}=`);
  });

  it('has npm run backup and npm run restore run the built commands', () => {
    const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['backup', 'restore']) {
      const built = new RegExp(`^node (server/dist/server/src/operations/backup/${name}\\.cli\\.js)$`).exec(scripts[name] ?? '');
      expect(built).not.toBeNull();
      expect(existsSync(sourceOf(built![1]!))).toBe(true);
    }
  });
});
