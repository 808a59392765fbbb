/**
 * The keyboard alone: every control reached with Tab shows that it has the focus (its own outline,
 * shadow, border or background changes, or its frame's: the amount fields ring their box), and a
 * dialog takes the focus, keeps it and gives it back. A control styled with `outline: none` and
 * nothing in its place, or a dialog Tab leaves for the page behind, loses a keyboard user. And
 * Ctrl+V: an amount pasted from elsewhere.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';

/** MetaMask in the page, on the local BSC chain, with `account`. */
const withBscWallet = (page: Page, account: string) =>
  injectEvmWallet(page, { account, chainId: localNetworks().BSC!.chainId, rpcUrls: evmRpcUrls() });

const PAGES: [string, (page: Page) => Promise<void>][] = [
  // The swap box with its settings open: the slippage fields and the deadline too.
  ['/?n=BSC', async (page) => page.getByRole('button', { name: /^Slippage/ }).click()],
  ['/?n=BSC&t=addLiquidity', async () => undefined],
  ['/charts', async () => undefined],
  ['/pools', async () => undefined],
  ['/listing', async () => undefined],
];

type Looks = {
  __look: (el: Element) => string;
  __looks: Map<Element, string>;
};

/** Presses Tab `stops` times; the controls whose focus showed no change, by name. */
async function unseenFocus(page: Page, stops: number): Promise<string[]> {
  const unseen: string[] = [];
  for (let i = 0; i < stops; i += 1) {
    // What every control and its two frames look like before this Tab.
    await page.evaluate(() => {
      const w = window as unknown as Looks;
      w.__look = (el) =>
        [el, el.parentElement, el.parentElement?.parentElement]
          .map((e) => {
            if (!e) return '';
            const s = getComputedStyle(e);
            const { outlineStyle, outlineWidth, outlineColor, boxShadow } = s;
            return [
              outlineStyle,
              outlineWidth,
              outlineColor,
              boxShadow,
              s.borderColor,
              s.backgroundColor,
            ].join('|');
          })
          .join('/');
      w.__looks = new Map();
      const controls = 'a[href], button, input, select, textarea, [tabindex]';
      for (const el of document.querySelectorAll(controls)) w.__looks.set(el, w.__look(el));
    });
    await page.keyboard.press('Tab');
    const verdict = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return undefined;
      const w = window as unknown as Looks;
      const before = w.__looks.get(el);
      const label = (el as HTMLInputElement).labels?.[0]?.textContent;
      const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? '').trim();
      return {
        name: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
        seen: before === undefined || before !== w.__look(el),
      };
    });
    if (verdict && !verdict.seen) unseen.push(verdict.name);
  }
  return unseen;
}

test('every control reached with Tab shows its focus, on every page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [url, open] of PAGES) {
    await page.goto(url);
    await expect(page.locator('main [data-remote]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await open(page);
    await page.locator('body').focus();
    expect.soft(await unseenFocus(page, 45), url).toEqual([]);
  }
});

test('a dialog takes the focus, keeps it while open and gives it back on Escape', async ({
  page,
}) => {
  await page.goto('/?n=BSC');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  const connect = page.locator('header').getByRole('button', { name: 'CONNECT WALLET' });
  await connect.focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(chooser.getByRole('button', { name: 'Browser wallet (MetaMask)' })).toBeFocused();
  // Tab goes round the dialog's controls (and the browser's own bar), never the page behind.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return !el || el === document.body ? 'browser' : el.closest('dialog') ? 'dialog' : 'page';
    });
    expect(where, `Tab ${i + 1}`).not.toBe('page');
  }
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(connect).toBeFocused();
});

test('connecting and disconnecting from the keyboard keep the focus; Escape folds the swap settings', async ({
  page,
  evmAccount: owner,
}) => {
  await withBscWallet(page, owner);
  await page.goto('/?n=BSC');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Browser wallet (MetaMask)' })).toBeFocused();
  await page.keyboard.press('Enter');
  const wallet = page.getByTestId('wallet-session');
  await expect(wallet).toContainText('Welcome MetaMask');
  // CONNECT WALLET is gone: the focus is on the wallet that replaced it (it fell to the page, and
  // the next Tab started again at the logo).
  await expect(wallet).toBeFocused();

  const toggle = page.getByRole('button', { name: /^Slippage/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '0.50%' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Slippage tolerance' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // Disconnect goes with the wallet: CONNECT WALLET, back in its place, takes the focus.
  const header = page.locator('header');
  await header.getByRole('button', { name: 'Disconnect' }).filter({ visible: true }).focus();
  await page.keyboard.press('Enter');
  await expect(header.getByRole('button', { name: 'CONNECT WALLET' })).toBeFocused();
});

test('each tab list is one Tab stop; the arrows move between its tabs and Enter switches', async ({
  page,
}) => {
  await page.goto('/?n=TRON');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await page.getByRole('link', { name: 'Telegram' }).focus();
  await page.keyboard.press('Tab');
  await expect(tab('TRON')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tab('POLY')).toBeFocused();
  await expect(page).toHaveURL(/n=TRON/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/n=POLY/);
  await expect(tab('POLY')).toHaveAttribute('aria-selected', 'true');
  // The next Tab leaves the list for the page (no stop on BTTC or ETH): the Swap and Liquidity
  // tabs, the same way.
  await page.keyboard.press('Tab');
  await expect(tab('Swap')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Liquidity')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/t=addLiquidity/);
  await expect(page.locator('[data-remote="liquidity"]')).toContainText('LIQUIDITY');
});

test('an amount pasted from an explorer or a spreadsheet reads as the number it shows, in both boxes', async ({
  page,
  evmAccount: owner,
}) => {
  await withBscWallet(page, owner);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const paste = async (field: ReturnType<Page['getByRole']>, text: string) => {
    await field.fill('');
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
  };
  await page.goto('/?n=BSC');
  const sell = page.getByRole('textbox', { name: 'Tokens to swap' });
  for (const [text, amount] of [
    [' 25 \n', '25'],
    ['1,000.50', '1000.50'],
    ['1.000,50', '1000.50'],
    ['1 000 000', '1000000'],
    // One group alone is what typing it gives (a decimal comma): never a thousand times more.
    ['1,000', '1.000'],
  ]) {
    await paste(sell, text!);
    await expect(sell).toHaveValue(amount!);
  }
  // Not an amount: the form resets, as for typing it.
  await paste(sell, '12.5 BNB');
  await expect(sell).toHaveValue('');

  // The liquidity add (a wallet opens it; nothing is sent).
  await connectFromHeader(page, 'MetaMask');
  await page.getByRole('tab', { name: 'Liquidity' }).click();
  await page.getByRole('button', { name: 'ADD LIQUIDITY' }).click();
  const first = page.locator('[data-remote="liquidity"]').getByRole('textbox').first();
  await paste(first, '2,500.25');
  await expect(first).toHaveValue('2500.25');
});
