import { defineConfig } from '@playwright/test';
import { configDir, HOST_PORT, PORTS, SHELL_PORT } from './fixtures/stack';

const { CHROMIUM } = require('@jmswap/mf-config') as {
  CHROMIUM: { executablePath: string; args: string[] };
};

const serve = (app: string, port: number) => ({
  // --source-maps: the size report names the packages inside a chunk from its map.
  command: `node ../mf-config/src/serve-cli.js --app ${app} --port ${port} --source-maps`,
  url: `http://localhost:${port}/config/remotes.json`,
  env: { JMSWAP_CONFIG_DIR: configDir },
  reuseExistingServer: false,
  timeout: 30000,
});

/** Every app runs as its own server, as in production (Module Federation examples do the same). */
export default defineConfig({
  testDir: './specs',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60000,
  expect: { timeout: 10000 },
  reporter: [['list']],
  globalSetup: './fixtures/global-setup.ts',
  use: {
    baseURL: `http://localhost:${SHELL_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM,
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
