import { loadConfig, type AppConfig } from '../src/config/app-config.js';

/**
 * The portal configuration the benchmarks run with: development mode with the Authorize.Net adapter
 * (production refuses the fake gateway), rate limits out of the way, no demo data, errors-only logging.
 * @param dataDir where uploads and other files go (a temporary folder)
 * @param extra settings to add or override (e.g. DATABASE_URL, PORT)
 */
export function benchConfig(dataDir: string, extra: Record<string, string> = {}): AppConfig {
  return loadConfig(benchEnv(dataDir, extra));
}

/** The environment variables of {@link benchConfig}, for starting `main.js` as a child process. */
export function benchEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PAYMENT_GATEWAY: 'authorizenet',
    AUTHNET_API_LOGIN_ID: 'bench',
    AUTHNET_TRANSACTION_KEY: 'bench',
    AUTHNET_CLIENT_KEY: 'bench',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-password-123',
    RATE_LIMIT_PER_MINUTE: '100000000',
    DEMO_DATA: 'false',
    // the migrated terms have all begun: keep the upcoming ones open, as the embedded default does (issue 25)
    CATALOGUE_UPCOMING_TERMS: 'true',
    LOG_LEVEL: 'error',
    UPLOAD_MAX_FILE_BYTES: String(21 * 1024 * 1024),
    UPLOAD_MAX_APPLICATION_BYTES: String(1024 * 1024 * 1024),
    ...extra,
  };
}

/** An application the benchmarks started: `POST /api/applications`'s answer. */
export interface BenchApplication {
  id: string;
  token: string;
  data: { version: number };
}

/**
 * Starts application number `index` for the first women's program with a course, as the welcome page does.
 * @param api the API's base URL (`http://127.0.0.1:<port>/api`)
 * @throws Error when the start is not answered 201
 */
export async function startBenchApplication(api: string, index = 0): Promise<BenchApplication> {
  const programs = (await (await fetch(`${api}/programs?gender=female`)).json()) as {
    name: string;
    courses: { semester: string; locations: string[] }[];
  }[];
  const program = programs.find((p) => p.courses.length > 0)!;
  const response = await fetch(`${api}/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      gender: 'Female',
      fieldOfInterest: program.name,
      semester: program.courses[0].semester,
      location: program.courses[0].locations[0],
      firstName: 'Bench',
      lastName: `Mark${index}`,
      email: `bench${index}@example.com`,
      locale: 'en',
    }),
  });
  if (response.status !== 201) throw new Error(`start: ${response.status} ${await response.text()}`);
  return (await response.json()) as BenchApplication;
}
