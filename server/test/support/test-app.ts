import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { ChangeFeedService } from '../../src/common/cache/change-feed.service.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { createMigratedDatabase, withDatabase } from './test-database.js';

/** The first admin every test app seeds. */
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

/** A booted API on its own freshly migrated database. */
export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** Name of the test database (on TEST_DATABASE_SERVER_URL). */
  databaseName: string;
  /** supertest agent factory bound to the app's HTTP server. */
  http: () => ReturnType<typeof request>;
  /** A direct connection to the test database, for arranging and checking rows. */
  db: pg.Client;
  /** Logs in and answers the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  /** Waits until the app's in-memory caches have heard of every change committed so far (after writing watched tables through `db`). */
  changesSeen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creates a new migrated database on the test server (a copy of the run's template, see global-setup and
 * {@link createMigratedDatabase}), and boots the whole AppModule with `configureApp` exactly as
 * production does.
 * @param env extra configuration (e.g. `{ RATE_LIMIT_PER_MINUTE: '3' }`)
 * @param options.sameDatabaseAs boot a second replica on another test app's database instead (its `close`
 *   then leaves the database to the first app)
 * @param options.openSeededTerms false: keep the migrated offerings' windows as the migration set them
 *   (default: opened, see {@link openSeededTerms})
 * @param options.frontEndsRoot serve the front ends built under this folder (`applicant-ui/dist`, `admin-ui/dist`)
 *   instead of the repository's
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { sameDatabaseAs?: TestApp; openSeededTerms?: boolean; frontEndsRoot?: string } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest (global-setup)');
  const shared = options.sameDatabaseAs;
  const created = shared ? undefined : await createMigratedDatabase('portal_test');
  const database = created?.name ?? shared!.databaseName;
  const url = created?.url ?? withDatabase(serverUrl, database);

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: await mkdtemp(join(tmpdir(), 'portal-data-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'error',
    // background jobs that would change rows under a test's feet stay off unless a test asks for them
    PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
    // (the reply reminder's tests call its run on a moved clock)
    REPLY_REMINDER_INTERVAL_SECONDS: '0',
    // (the reminder rules' and campaigns' tests run them on a moved clock, or turn the campaign job on)
    OUTREACH_RULES_INTERVAL_SECONDS: '0',
    OUTREACH_CAMPAIGN_INTERVAL_SECONDS: '0',
    // (the deposit lapse's tests call its run on a moved clock)
    DEPOSIT_LAPSE_INTERVAL_SECONDS: '0',
    // the catalogue is the migrated one (see openSeededTerms); the upcoming-terms tests turn this on
    CATALOGUE_UPCOMING_TERMS: 'false',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, url)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: ['error'] });
  configureApp(app, config, { frontEndsRoot: options.frontEndsRoot });
  await app.init();

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  if (!shared && options.openSeededTerms !== false) {
    await openSeededTerms(db);
    await app.get(ChangeFeedService).settled();
  }
  const http = () => request(app.getHttpServer());
  return {
    app,
    config,
    databaseName: database,
    http,
    db,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await http().post('/api/login').send({ email, password });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.token as string;
    },
    changesSeen: () => app.get(ChangeFeedService).settled(),
    async close() {
      await db.end();
      await app.close();
      await created?.drop();
    },
  };
}

/**
 * Opens every offering's window around the real today (a month ago until a year on), leaving rounds, fees
 * and the late fee's start as migrated: the tests written before admission cycles became data (issue 25)
 * keep starting applications in the terms the migration seeded by name. The catalogue's own tests keep
 * the migrated windows (`openSeededTerms: false`) and move a fake clock instead.
 */
export async function openSeededTerms(db: pg.Client): Promise<void> {
  await db.query(`UPDATE offerings SET opens_at = now() - interval '30 days', closes_at = now() + interval '365 days'`);
}

/** The start body of the tests' applicant (men's MSW, Spring 2026), without the location. */
export const MOSHE_START = {
  gender: 'Male',
  fieldOfInterest: 'MSW',
  semester: 'Spring 2026',
  firstName: 'Moshe',
  lastName: 'Levi',
  email: 'moshe@example.com',
  locale: 'en',
} as const;

/** A valid start-application body (men's MSW, Spring 2026, first listed location). */
export async function startBody(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const programs = await t.http().get('/api/programs?gender=male');
  const msw = programs.body.find((p: { name: string }) => p.name === 'MSW');
  const course = msw.courses.find((c: { semester: string }) => c.semester === 'Spring 2026');
  return { ...MOSHE_START, location: course.locations[0], ...overrides };
}

/** Starts an application and answers `{ token, id, data }`. */
export async function startApplication(t: TestApp, overrides: Record<string, unknown> = {}) {
  const response = await t
    .http()
    .post('/api/applications')
    .send(await startBody(t, overrides));
  if (response.status !== 201) throw new Error(`start failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { token: string; id: string; data: Record<string, unknown> & { version: number } };
}
