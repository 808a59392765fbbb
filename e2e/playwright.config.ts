import { defineConfig } from '@playwright/test';
import { configDir, HOST_PORT, PORTS, SHELL_PORT } from './fixtures/stack';

const { CHROMIUM_HEADLESS_SHELL } = require('@jmswap/mf-config') as {
  CHROMIUM_HEADLESS_SHELL: { executablePath: string; args: string[] };
};

const serve = (app: string, port: number) => ({
  // --source-maps: the size report names the packages inside a chunk from its map.
  command: `node ../mf-config/src/serve-cli.js --app ${app} --port ${port} --source-maps`,
  url: `http://localhost:${port}/config/remotes.json`,
  env: { JMSWAP_CONFIG_DIR: configDir },
  reuseExistingServer: false,
  timeout: 30000,
});

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'] as const;
function traceMode(wanted = 'off'): (typeof TRACE_MODES)[number] {
  const mode = TRACE_MODES.find((m) => m === wanted);
  if (mode === undefined) throw new Error(`JMSWAP_E2E_TRACE: one of ${TRACE_MODES.join(', ')}`);
  return mode;
}

const specs = (names: string[]) => names.map((name) => `**/${name}.e2e.ts`);
/**
 * Specs that change what every page loads (remotes.json, networks.json, site.json) or how a chain
 * mines (automining off): they run last, one at a time, with nothing beside them.
 */
const ALONE = [
  'analytics',
  'simulation',
  'integrity',
  'resilience',
  'version-skew',
  'node-failover',
  'node-checks',
  'recent-transactions',
  'send-status',
];
/**
 * Specs that send nothing and compare no figure that trades move: they run beside the others.
 * A new spec is in neither list, so it runs with the trading ones, one at a time.
 */
const PAGES = [
  'routes',
  'layout-stability',
  'wallet-chooser',
  'deploy-build',
  'size-budget',
  'themes',
  'listing',
  'csp',
  'csp-walk',
  'phone',
  'startup',
  'languages-late',
  'keyboard',
];

/** Every app runs as its own server, as in production (Module Federation examples do the same). */
export default defineConfig({
  testDir: './specs',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  // Two lanes: the trading specs one after another (each test on its own account, but the pools
  // are shared: a swap beside another's quote would move it), the page specs beside them; then
  // the specs that must be alone. JMSWAP_E2E_WORKERS=1 runs everything in one lane.
  workers: Number(process.env.JMSWAP_E2E_WORKERS ?? 2),
  projects: [
    { name: 'trading', testIgnore: specs([...ALONE, ...PAGES]), workers: 1 },
    { name: 'pages', testMatch: specs(PAGES), workers: 1 },
    // After both (a failure there skips these: the run has failed already).
    { name: 'alone', testMatch: specs(ALONE), workers: 1, dependencies: ['trading', 'pages'] },
  ],
  // Every test runs on its own fresh account and waits for conditions: a failure is a finding,
  // not something to try again (a retry would also start from a chain the failed try changed).
  retries: 0,
  // A focused test (`test.only`) would silently skip the rest (check-money-flows.mjs also
  // refuses one in the specs).
  forbidOnly: true,
  timeout: 60000,
  expect: { timeout: 10000 },
  reporter: [['list']],
  globalSetup: './fixtures/global-setup.ts',
  use: {
    baseURL: `http://localhost:${SHELL_PORT}`,
    // Recording a trace costs the suite about a fifth of its CPU (DOM snapshots at every action,
    // in the page, the browser and the runner), and CI keeps no files: a failure is re-run with
    // JMSWAP_E2E_TRACE=retain-on-failure (or Playwright's --trace) for its trace.
    trace: traceMode(process.env.JMSWAP_E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_HEADLESS_SHELL,
  },
  webServer: [
    serve('shell', SHELL_PORT),
    ...Object.entries(PORTS).map(([key, port]) => serve(`mfe-${key}`, port)),
    {
      command: 'node fixtures/host-pages.mjs',
      url: `http://localhost:${HOST_PORT}/host.html`,
      reuseExistingServer: false,
    },
  ],
});
