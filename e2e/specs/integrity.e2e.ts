/**
 * Remote code verified, on real builds: a copy of the pools remote's released folder, with one
 * file changed after its release record was made, is served by the pools server. The shell
 * must not run the changed code, must fall back to the version that is intact, and must tell
 * the operators ("integrity"). A remote on a host the deployment does not list is refused.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { defaultRemotes, EVIL_PORT, PORTS, repoRoot, writeRemotes } from '../fixtures/stack';

const POOLS = path.join(repoRoot, 'mfe-pools/dist');
const dist = (remote: 'pools' | 'charts') => path.join(repoRoot, `mfe-${remote}/dist`);
const TAMPERED = '1.0.0-e2e-tampered';

test.afterEach(() => writeRemotes());
const CANARY = '1.0.0-e2e-canary';
test.afterAll(() => {
  for (const remote of ['pools', 'charts'] as const)
    for (const v of [TAMPERED, CANARY, 'e2e-evil'])
      rmSync(path.join(dist(remote), v), { recursive: true, force: true });
});

/**
 * A copy of the current release of `remote` as `version`, its record the released one (marked
 * as released, so the e2e stack does not record it again).
 */
function copyRelease(version: string, remote: 'pools' | 'charts' = 'pools'): string {
  const current = defaultRemotes().remotes[remote]!.version;
  const to = path.join(dist(remote), version);
  writeRemotes(); // records the current build, as the stack does
  rmSync(to, { recursive: true, force: true });
  cpSync(path.join(dist(remote), current), to, { recursive: true });
  const record = JSON.parse(readFileSync(path.join(to, 'release.json'), 'utf8')) as {
    version: string;
    source: unknown;
  };
  record.version = version;
  record.source = { commit: 'e2e', dirty: false };
  writeFileSync(path.join(to, 'release.json'), JSON.stringify(record, null, 2));
  // The copied twins are the current version's record: a server would send them instead.
  for (const twin of ['.gz', '.br']) rmSync(path.join(to, `release.json${twin}`), { force: true });
  return to;
}

/**
 * A copy whose `file` (found by `pick` in its manifest) says something the release did not:
 * were it run, it would set window.__tampered.
 */
function tamperedRelease(
  pick: (manifest: PoolsManifest) => string,
  remote: 'pools' | 'charts' = 'pools',
): string {
  const to = copyRelease(TAMPERED, remote);
  const manifest = JSON.parse(readFileSync(path.join(to, 'mf-manifest.json'), 'utf8'));
  const file = pick(manifest as PoolsManifest);
  appendFileSync(path.join(to, file), '\n;window.__tampered = true;');
  // The server would send the untouched compressed twins: only the changed file is served.
  for (const twin of ['.gz', '.br']) rmSync(path.join(to, file + twin), { force: true });
  return file;
}

interface PoolsManifest {
  exposes: {
    name: string;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[] } };
  }[];
}

function useTampered(current: string) {
  const remotes = defaultRemotes();
  remotes.remotes.pools = {
    ...remotes.remotes.pools!,
    version: TAMPERED,
    fallbackVersion: current,
  } as (typeof remotes.remotes)['pools'];
  writeRemotes(remotes);
}

/** The reports the page sent the api, as sent, with the api's answer (`status`). */
function watchReports(page: Page): Record<string, unknown>[] {
  const reports: Record<string, unknown>[] = [];
  page.on('requestfinished', async (req: Request) => {
    if (!req.url().endsWith('/v1/client-report') || req.method() !== 'POST') return;
    const status = (await req.response())?.status();
    reports.push({ ...(JSON.parse(req.postData() ?? '{}') as object), status });
  });
  return reports;
}

const sha384 = (file: string) =>
  `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;

for (const [what, pick] of [
  ['remoteEntry.js', () => 'remoteEntry.js'],
  ['a chunk of the pools screen', (m: PoolsManifest) => m.exposes[0]!.assets.js.sync.at(-1)!],
  // Its stylesheet, a file of its own in production builds, is checked like its scripts.
  ['the pools screen’s stylesheet', (m: PoolsManifest) => m.exposes[0]!.assets.css.sync[0]!],
] as const) {
  test(`one byte changed in ${what}: that code does not run, the intact version loads, and operators are told "integrity"`, async ({
    page,
  }) => {
    const current = defaultRemotes().remotes.pools!.version;
    const file = tamperedRelease(pick);
    // The record still holds the released hash; the file no longer has it.
    const record = JSON.parse(readFileSync(path.join(POOLS, TAMPERED, 'release.json'), 'utf8'));
    expect(record.integrity[file]).not.toBe(sha384(path.join(POOLS, TAMPERED, file)));
    useTampered(current);
    const reports = watchReports(page);
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));

    await page.goto('/pools');
    await expect(page.getByTestId('pool-item').first()).toBeVisible();
    await expect(page.locator('[data-remote-error="pools"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBe(
      undefined,
    );
    expect(consoleLines).toContainEqual(
      `[jmswap] pools ${TAMPERED} failed to load; using its fallbackVersion ${current}`,
    );
    await expect
      .poll(() => reports.find((r) => r.kind === 'integrity'))
      .toEqual({
        kind: 'integrity',
        remote: 'pools',
        version: TAMPERED,
        cause: `${file} of pools ${TAMPERED} does not match its release record`,
        page: '/pools',
        release: expect.any(String),
        status: 204, // stored by the api
      });
  });
}

test("a tampered charts release: the swap box's mini chart and Trading History, loaded by the swap remote from charts, come from the intact version", async ({
  page,
}) => {
  const current = defaultRemotes().remotes.charts!.version;
  tamperedRelease(() => 'remoteEntry.js', 'charts');
  const remotes = defaultRemotes();
  remotes.remotes.charts = {
    ...remotes.remotes.charts!,
    version: TAMPERED,
    fallbackVersion: current,
  } as (typeof remotes.remotes)['charts'];
  writeRemotes(remotes);
  const reports = watchReports(page);
  await page.goto('/?n=TRON');
  const swapBox = page.locator('[data-remote="swap"]');
  // Both modules the swap remote loads from charts: the mini chart and the history panel.
  await expect(swapBox.locator('[data-slot="chart"] figure[data-chart="line"]')).toBeVisible();
  await swapBox
    .locator('[data-slot="history"]')
    .getByRole('button', { name: 'Toggle swap history' })
    .click();
  await expect(page.getByRole('region', { name: 'Trading History' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBe(
    undefined,
  );
  await expect
    .poll(() => reports.find((r) => r.kind === 'integrity'))
    .toMatchObject({ remote: 'charts', version: TAMPERED, status: 204 });
});

test('a remote on a host the deployment does not list is refused, with the reason, and the rest works', async ({
  page,
}) => {
  const remotes = defaultRemotes();
  remotes.remotes.pools = { ...remotes.remotes.pools!, base: `http://localhost:${EVIL_PORT}` };
  writeRemotes(remotes);
  const reports = watchReports(page);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`http://localhost:${EVIL_PORT}`)) foreign.push(r.url());
  });

  await page.goto('/pools');
  await expect(page.locator('[data-remote-error="pools"]')).toContainText(
    'Pools are unavailable right now',
  );
  const reason = `remotes.json: "pools" refused: its base http://localhost:${EVIL_PORT} is not in allowedOrigins`;
  expect(consoleLines.some((l) => l.includes(reason))).toBe(true);
  expect(foreign).toEqual([]);
  await expect
    .poll(() => reports.find((r) => r.kind === 'refused-base'))
    .toMatchObject({ kind: 'refused-base', remote: 'pools', status: 204 });
  // The header and the other routes keep working.
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Swap' })
    .click();
  await expect(page.locator('[data-remote="swap"]')).toBeVisible();
});

/**
 * What a host answers in place of a version's manifest: a 404 whose body is a manifest naming an
 * entry outside the version folder (e2e-evil/, beside the released folders on the same host),
 * whose code would set window.__tampered.
 */
function forgedManifest(current: string): string {
  const evil = path.join(POOLS, 'e2e-evil');
  mkdirSync(evil, { recursive: true });
  writeFileSync(path.join(evil, 'remoteEntry.js'), 'window.__tampered = true;\n');
  const manifest = JSON.parse(readFileSync(path.join(POOLS, current, 'mf-manifest.json'), 'utf8'));
  manifest.metaData.publicPath = `http://localhost:${PORTS.pools}/e2e-evil/`;
  return JSON.stringify(manifest);
}

test('a host answering a version’s manifest with 404 and a forged body: nothing of it runs, the fallback loads, operators are told "integrity"', async ({
  page,
}) => {
  const current = defaultRemotes().remotes.pools!.version;
  copyRelease(TAMPERED);
  useTampered(current);
  const body = forgedManifest(current);
  await page.route(`http://localhost:${PORTS.pools}/${TAMPERED}/mf-manifest.json`, (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body }),
  );
  const reports = watchReports(page);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  const evil: string[] = [];
  page.on('request', (r) => r.url().includes('/e2e-evil/') && evil.push(r.url()));

  await page.goto('/pools');
  await expect(page.getByTestId('pool-item').first()).toBeVisible();
  await expect(page.locator('[data-remote-error="pools"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBe(
    undefined,
  );
  expect(evil).toEqual([]); // not even asked for
  expect(consoleLines).toContainEqual(
    `[jmswap] pools ${TAMPERED} failed to load; using its fallbackVersion ${current}`,
  );
  await expect
    .poll(() => reports.find((r) => r.kind === 'integrity'))
    .toMatchObject({
      remote: 'pools',
      version: TAMPERED,
      cause: `mf-manifest.json of pools ${TAMPERED} answered HTTP 404, not its released file`,
      status: 204,
    });
});

test('a script elsewhere on a remote’s host does not run: the policy names its pinned version folders, not the host', async ({
  page,
}) => {
  const current = defaultRemotes().remotes.pools!.version;
  forgedManifest(current);
  writeRemotes();
  const header = (await page.request.get('/pools')).headers()['content-security-policy'];
  const scriptSrc = /script-src ([^;]*)/.exec(header ?? '')?.[1]?.split(' ');
  expect(scriptSrc).toContain(`http://localhost:${PORTS.pools}/${current}/`);
  expect(scriptSrc).not.toContain(`http://localhost:${PORTS.pools}`);
  await page.goto('/pools');
  await expect(page.getByTestId('pool-item').first()).toBeVisible();
  const outcome = await page.evaluate(async (src) => {
    const script = document.createElement('script');
    script.src = src;
    const done = new Promise((resolve) => {
      script.onload = () => resolve('ran');
      script.onerror = () => resolve('refused');
    });
    document.head.append(script);
    return done;
  }, `http://localhost:${PORTS.pools}/e2e-evil/remoteEntry.js`);
  expect(outcome).toBe('refused');
  expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBe(
    undefined,
  );
});

for (const base of [
  `http://LOCALHOST:${PORTS.pools}`,
  `http://localhost:${PORTS.pools}/x/..`,
  `http://localhost:${PORTS.pools}/./`,
]) {
  test(`a base not written in canonical form (${base}) is refused with the reason, and nothing of it loads`, async ({
    page,
  }) => {
    const remotes = defaultRemotes();
    remotes.remotes.pools = { ...remotes.remotes.pools!, base };
    writeRemotes(remotes);
    const reports = watchReports(page);
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    const fromPools: string[] = [];
    page.on('request', (r) => r.url().includes(`:${PORTS.pools}/`) && fromPools.push(r.url()));

    await page.goto('/pools');
    await expect(page.locator('[data-remote-error="pools"]')).toContainText(
      'Pools are unavailable right now',
    );
    const reason = `remotes.json: "pools" refused: its base ${JSON.stringify(base)} is not in canonical form: write it as http://localhost:${PORTS.pools}`;
    expect(consoleLines).toContainEqual(`[jmswap] ${reason}`);
    expect(fromPools).toEqual([]);
    await expect
      .poll(() => reports.find((r) => r.kind === 'refused-base'))
      .toMatchObject({ remote: 'pools', cause: reason, status: 204 });
  });
}

test('a version remotes.json does not pin is not run', async ({ page }) => {
  const remotes = defaultRemotes();
  writeRemotes(remotes, { pin: false });
  expect(existsSync(path.join(POOLS, remotes.remotes.pools!.version))).toBe(true);
  const reports = watchReports(page);
  await page.goto('/pools');
  await expect(page.locator('[data-remote-error="pools"]')).toBeVisible();
  await expect
    .poll(() => reports.find((r) => r.kind === 'integrity'))
    .toMatchObject({
      remote: 'pools',
      cause: expect.stringContaining('remotes.json pins no release record for pools'),
      status: 204,
    });
});

for (const [bucket, runs] of [
  ['3', CANARY],
  ['97', 'the listed version'],
] as const) {
  test(`a 10% canary: a browser in bucket ${bucket} runs ${runs}, and keeps it`, async ({
    page,
  }) => {
    const current = defaultRemotes().remotes.pools!.version;
    copyRelease(CANARY);
    const remotes = defaultRemotes();
    remotes.remotes.pools = {
      ...remotes.remotes.pools!,
      canary: { version: CANARY, percent: 10 },
    } as (typeof remotes.remotes)['pools'];
    writeRemotes(remotes);
    await page.addInitScript((b) => localStorage.setItem('jmswap.canaryBucket', b), bucket);
    const entries: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/remoteEntry.js') && r.url().includes(':9084/')) entries.push(r.url());
    });
    await page.goto('/pools');
    await expect(page.getByTestId('pool-item').first()).toBeVisible();
    const expected = bucket === '3' ? CANARY : current;
    expect(entries).toEqual([`http://localhost:9084/${expected}/remoteEntry.js`]);
  });
}
