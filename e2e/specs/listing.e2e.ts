import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ContractFactory, JsonRpcProvider, Wallet, type InterfaceAbi } from 'ethers';
import { ANVIL_KEYS, deployed, loadArtifact } from '@jmswap/devnet';
import { localNetworks } from '../fixtures/chain';
import { networksFile, repoRoot } from '../fixtures/stack';

/** A brand-new token on the local BSC chain, so every run lists a contract never seen before. */
async function deployToken(name: string, symbol: string): Promise<string> {
  const provider = new JsonRpcProvider(localNetworks().BSC!.nodeUrl, undefined, {
    staticNetwork: true,
  });
  try {
    const { abi, bytecode } = loadArtifact('TaxedToken');
    const wallet = new Wallet(ANVIL_KEYS[9] as string, provider);
    const factory = new ContractFactory(abi as InterfaceAbi, bytecode, wallet);
    const token = await factory.deploy(name, symbol, 18, 0, wallet.address);
    await deployed(token);
    return token.getAddress();
  } finally {
    provider.destroy();
  }
}

/**
 * An api of the operator's own on PGlite: the CLI may open a PGlite directory only while no api
 * has it open (PGlite is one process), so the spec stops this api before asking the CLI.
 */
async function startOwnApi(): Promise<{ url: string; dataDir: string; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jmswap-listing-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'api/scripts/api.mjs'),
      ...['--port', String(port), '--networks', networksFile(), '--data', dataDir, '--no-indexer'],
    ],
    { cwd: path.join(repoRoot, 'api'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`listing api exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 120) throw new Error('listing api did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The form posts to the configured action (TRON's api); the test's own api answers it. */
async function answerListingsWith(page: Page, api: { url: string }) {
  const action = `${(localNetworks().TRON as unknown as { api: { url: string } }).api.url}/v1/listing`;
  await page.route(action, async (route) =>
    route.fulfill({ response: await route.fetch({ url: `${api.url}/v1/listing` }) }),
  );
}

/** The operator CLI, exactly as an operator runs it. */
function listingsCli(dataDir: string, ...args: string[]): string {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return execFileSync('npm', ['run', '-s', 'listings', '--', ...args, '--data', dataDir], {
    cwd: repoRoot,
    encoding: 'utf8',
    env,
  });
}

// Network offers the networks as suggestions: a combobox.
const field = (page: Page, name: string) =>
  page.getByRole(name === 'network' ? 'combobox' : 'textbox', { name, exact: true });

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

const valid = (contract: string, name: string) => ({
  name,
  network: 'BSC',
  type: 'BEP-20',
  contract,
  tax: '0',
  supply: '1000000',
  website: 'https://e2e.example',
  email: 'team@e2e.example',
  telegram: '@e2etoken',
});

test('a valid request is submitted in the browser and found with the operator CLI', async ({
  page,
}) => {
  const name = `E2E Token ${Date.now()}`;
  const contract = await deployToken(name, 'E2E');
  const api = await startOwnApi();
  try {
    await answerListingsWith(page, api);
    await page.goto('/listing');
    // Written as people write them: a grouped supply, a site without https://, a tax with %.
    await fill(page, {
      ...valid(contract, name),
      supply: '1,000,000',
      website: 'e2e.example',
      tax: '0 %',
    });
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByRole('status')).toHaveText('Thanks for your submission!');

    // The same token again: answered clearly, not stored twice.
    await fill(page, valid(contract, name));
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Validation error: contract was already submitted for BSC',
    );
    await api.stop();

    const stored = JSON.parse(listingsCli(api.dataDir, 'list', '--json')) as {
      id: number;
      contract: string;
      status: string;
    }[];
    expect(stored).toEqual([expect.objectContaining({ contract, status: 'new' })]);
    const id = String(stored[0]!.id);
    const shown = listingsCli(api.dataDir, 'show', id);
    expect(shown).toContain('chainSymbol    E2E');
    expect(shown).toMatch(/^supply\s+1000000$/m);
    expect(shown).toMatch(/^website\s+https:\/\/e2e\.example\/$/m);
    expect(listingsCli(api.dataDir, 'set-status', id, 'reviewed')).toContain(
      `Listing ${id} is now reviewed.`,
    );
  } finally {
    await api.stop();
    rmSync(api.dataDir, { recursive: true, force: true });
  }
});

test('an invalid request shows the field message, as text', async ({ page }) => {
  await page.goto('/listing');
  await fill(page, { ...valid('0x55d398326f99059ff775485246999027B3197955', 'Moon'), tax: '5' });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Validation error: contract has an invalid checksum',
  );
  await fill(page, { name: '<img src=x onerror=alert(1)>' });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Validation error: name contains characters that are not allowed',
  );
  await expect(page.locator('[data-remote="listing"] img')).toHaveCount(0);
});

test('?listingAction= in the address bar changes nothing', async ({ page }) => {
  const elsewhere: string[] = [];
  await page.route('https://elsewhere/**', (route) => {
    elsewhere.push(route.request().url());
    return route.fulfill({ status: 200, body: '{"ok":true}' });
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.goto('/listing?listingAction=https://elsewhere/steal');
  await fill(page, { ...valid('0x1', 'Moon') });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Validation error: contract /);
  expect(elsewhere).toEqual([]);
  const tron = localNetworks().TRON as unknown as { api: { url: string } };
  expect(posts).toEqual([`${tron.api.url}/v1/listing`]);
});

test('an empty form on a 375 px phone: every empty field says why under it, the first has the focus, and it fits', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/listing');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status')).toHaveText('Validation error: name is required');
  // All but Network and Type, which come filled in (TRON, TRC-20).
  await expect(page.locator('[data-remote="listing"] input[aria-invalid="true"]')).toHaveCount(7);
  await expect(field(page, 'network')).not.toHaveAttribute('aria-invalid');
  await expect(field(page, 'name')).toBeFocused();
  await expect(field(page, 'name')).toHaveAccessibleDescription('is required');
  await expect(field(page, 'email')).toHaveAccessibleDescription('is required');
  await field(page, 'name').fill('Moon');
  await expect(field(page, 'name')).not.toHaveAttribute('aria-invalid');
  await page.screenshot({ path: info.outputPath('listing-refused-375.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a network tab keeps what was typed in the form; Network and Type follow the header's network until written in, and the request goes through", async ({
  page,
}) => {
  const name = `Tab Token ${Date.now()}`;
  const contract = await deployToken(name, 'TAB');
  const api = await startOwnApi();
  try {
    await answerListingsWith(page, api);
    await page.goto('/listing?n=TRON');
    await expect(field(page, 'network')).toHaveValue('TRON');
    await expect(field(page, 'type')).toHaveValue('TRC-20');
    const { network: _n, type: _t, ...typed } = valid(contract, name);
    await fill(page, typed);
    await page.getByRole('tablist', { name: 'Networks' }).getByRole('tab', { name: 'BSC' }).click();
    await expect(page).toHaveURL(/\/listing\?n=BSC$/);
    await expect(field(page, 'network')).toHaveValue('BSC');
    await expect(field(page, 'type')).toHaveValue('BEP-20');
    for (const [key, value] of Object.entries(typed))
      await expect(field(page, key)).toHaveValue(value);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByRole('status')).toHaveText('Thanks for your submission!');
    await expect(field(page, 'name')).toHaveValue('');
    await expect(field(page, 'network')).toHaveValue('BSC');
  } finally {
    await api.stop();
    rmSync(api.dataDir, { recursive: true, force: true });
  }
});
