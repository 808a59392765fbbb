import { expect, test, type Page } from '@playwright/test';

// A new user's machine: no wallet extension, nothing injected.
async function choose(page: Page, network: string, wallet: string) {
  await page.goto(`/?n=${network}`);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: wallet })
    .click();
  return page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('alert');
}

test("TronLink with no extension says it was not found, with TronLink's link", async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const note = await choose(page, 'TRON', 'TronLink');
  await expect(note).toContainText(
    'TronLink was not found. Install it or unlock it, then try again',
  );
  await expect(note.getByRole('link', { name: 'Get TronLink' })).toHaveAttribute(
    'href',
    'https://www.tronlink.org/',
  );
  expect(logs.some((l) => /tronlink/i.test(l))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeHidden();
});

test('MetaMask with no extension says it was not found, naming the wallets that were', async ({
  page,
}) => {
  const note = await choose(page, 'BSC', 'Browser wallet (MetaMask)');
  await expect(note).toContainText(
    'MetaMask was not found. Install it or unlock it, then try again',
  );
  await expect(note.getByRole('link', { name: 'Get MetaMask' })).toHaveAttribute(
    'href',
    'https://metamask.io/download/',
  );
  await expect(note).not.toContainText('Wallets found');
});

test('a browser wallet that never answers gets the same message, naming the wallet found', async ({
  page,
}) => {
  // An EIP-6963 wallet that announces itself but never answers eth_requestAccounts (locked).
  await page.addInitScript(() => {
    const provider = { request: () => new Promise(() => undefined), on() {}, removeListener() {} };
    window.addEventListener('eip6963:requestProvider', () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'r1', name: 'Rabby Wallet', rdns: 'io.rabby', icon: '' },
            provider,
          },
        }),
      ),
    );
  });
  const note = await choose(page, 'BSC', 'Browser wallet (MetaMask)');
  // Meanwhile the dialog says which wallet it waits for, and what the user may have to do.
  await expect(
    page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('status'),
  ).toHaveText(/^Connecting to Browser wallet \(MetaMask\)….*asks for its password first\.$/);
  await expect(note).toContainText(
    'MetaMask was not found. Install it or unlock it, then try again',
    {
      timeout: 15000,
    },
  );
  await expect(note).toContainText('did not answer within 8 seconds');
  await expect(note).toContainText('Wallets found in this browser: Rabby Wallet');
});
