/** Jest global teardown: stops the embedded PostgreSQL started by global-setup, if any. */
export default async function globalTeardown() {
  await globalThis.__EMBEDDED_TEST_DB__?.stop();
}
