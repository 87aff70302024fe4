import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config.js';

/** Issue 26 item 11: every setting may come from a file named by `<NAME>_FILE` (Docker/Kubernetes secrets). */
describe('loadConfig with <NAME>_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-secrets-'));
  const secret = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads a setting from its file, the final line break dropped', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secret('database_url', 'postgres://portal:s3cret@db:5432/portal\n'),
      ADMIN_PASSWORD_FILE: secret('admin_password', 'correct horse battery staple\r\n'),
      RATE_LIMIT_PER_MINUTE_FILE: secret('rate', '25'),
    });
    expect(config.DATABASE_URL).toBe('postgres://portal:s3cret@db:5432/portal');
    expect(config.ADMIN_PASSWORD).toBe('correct horse battery staple');
    expect(config.RATE_LIMIT_PER_MINUTE).toBe(25);
  });

  it('refuses a setting given both ways, and an unreadable file — naming the variable, never the content', () => {
    const path = secret('both', 'postgres://a:leaked-value@db/x');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_URL_FILE: path })).toThrow(
      /DATABASE_URL: set either DATABASE_URL or DATABASE_URL_FILE, not both/,
    );
    let error: unknown;
    try {
      loadConfig({ ADMIN_PASSWORD_FILE: join(dir, 'missing') });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/ADMIN_PASSWORD_FILE: cannot read .*missing \(ENOENT\)/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_URL_FILE: path })).not.toThrow(/leaked-value/);
  });

  it('validates what the file holds like any other value', () => {
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE_FILE: secret('bad-rate', 'many') })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});

/** Issue 26 item 7: the shutdown drain outlasts the balancer's readiness checks, and fits compose's grace period. */
describe('the shutdown timings against the deployment', () => {
  const repo = new URL('../../../', import.meta.url);
  const text = (path: string) => readFileSync(new URL(path, repo), 'utf8');
  const seconds = (value: string) => Number(/^(\d+(?:\.\d+)?)s$/.exec(value)![1]);

  it("drains longer than Caddy's readiness interval plus its timeout, and ends inside compose's stop grace period", () => {
    const caddy = text('deploy/Caddyfile');
    const interval = seconds(/health_interval\s+(\S+)/.exec(caddy)![1]!);
    const timeout = seconds(/health_timeout\s+(\S+)/.exec(caddy)![1]!);
    const config = loadConfig({});
    expect(config.SHUTDOWN_DRAIN_DELAY_MS).toBeGreaterThanOrEqual((interval + timeout) * 1000 + 2000);
    const grace = seconds(/stop_grace_period:\s*(\S+)/.exec(text('docker-compose.yml'))![1]!);
    expect(config.SHUTDOWN_DRAIN_DELAY_MS + config.SHUTDOWN_GRACE_MS).toBeLessThan(grace * 1000);
  });
});
