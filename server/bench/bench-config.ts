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
    LOG_LEVEL: 'error',
    UPLOAD_MAX_FILE_BYTES: String(21 * 1024 * 1024),
    UPLOAD_MAX_APPLICATION_BYTES: String(1024 * 1024 * 1024),
    ...extra,
  };
}
