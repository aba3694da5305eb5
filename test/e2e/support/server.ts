/** Environment variables the runner sets once and its workers (and the web server) inherit. */
export const E2E_ENV = {
  port: 'LUDEX_E2E_PORT',
  /** The run's temp dir: `data/` for the store, `web/` for the private web build. */
  runDir: 'LUDEX_E2E_RUN_DIR',
  webDir: 'LUDEX_E2E_WEB_DIR',
} as const
