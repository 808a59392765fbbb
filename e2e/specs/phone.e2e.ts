import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import {
  header,
  overflow,
  phone,
  PHONE_SHOTS as SHOTS,
  PHONE_SIZES,
  sidewaysScrollers,
  thumbMisses,
  wordsSplitAcrossLines,
} from '../fixtures/phone';
import { HOST_PORT } from '../fixtures/stack';
import { withTronLink } from '../fixtures/tron';

// Phones: every route at an iPhone-sized and the smallest common viewport, touch on. Nothing is
// sent here (it runs beside the trading specs); the swap on a phone is phone-swap.e2e.ts.
const ROUTES: [string, string][] = [
  ['index', '/'],
  ['add-liquidity', '/?t=addLiquidity'],
  ['charts', '/charts'],
  ['pools', '/pools'],
  ['listing', '/listing'],
  ['info', '/info'],
  ['help', '/help'],
];
/** The route's own content is in: a remote, its fallback, or a static page. */
async function settled(page: Page) {
  await expect(
    page.locator('main').locator('[data-remote], [data-remote-error], .jm-static').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const menuButton = (page: Page) => header(page).getByRole('button', { name: 'Menu' });

type Box = { x: number; y: number; width: number; height: number };
/**
 * The slippage toggle on the line under the title, right under it: its text (the middle of its
 * 44 px target) within half a target of the title's bottom, where a margin once left a band.
 */
function expectJustBelow(title: Box, toggle: Box) {
  const middle = toggle.y + toggle.height / 2;
  expect(middle).toBeGreaterThan(title.y + title.height);
  expect(middle - (title.y + title.height)).toBeLessThan(toggle.height / 2);
}

for (const size of PHONE_SIZES) {
  test.describe(`${size.width}x${size.height}`, () => {
    test.use(phone(size));

    test('every route fits the screen, with no horizontal scrolling', async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      for (const [name, url] of ROUTES) {
        await page.goto(url);
        await settled(page);
        await page.screenshot({
          path: path.join(SHOTS, `${size.width}-${name}.png`),
          fullPage: true,
        });
        const { scrollWidth, innerWidth } = await overflow(page);
        expect
          .soft(scrollWidth, `${url} is ${scrollWidth} px wide`)
          .toBeLessThanOrEqual(innerWidth);
        expect.soft(await sidewaysScrollers(page), `${url}: parts scrolling sideways`).toEqual([]);
        // text inputs at 16 px or more, so the phone does not zoom in on focus
        const small = await page
          .locator(
            'main input:visible:not([type=checkbox]):not([type=radio]), main textarea:visible',
          )
          .evaluateAll((els) =>
            els
              .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
              .map(
                (el) =>
                  el.getAttribute('aria-label') ??
                  el.getAttribute('name') ??
                  el.getAttribute('placeholder') ??
                  el.outerHTML.slice(0, 80),
              ),
          );
        expect.soft(small, `${url}: inputs under 16 px`).toEqual([]);
      }
    });

    test('the header folds into a Menu button that opens, navigates and closes', async ({
      page,
    }) => {
      await page.goto('/');
      await settled(page);
      const subMenu = page.getByRole('navigation', { name: 'Sub-menu' });
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(subMenu).toBeHidden();
      for (const target of [
        menuButton(page),
        header(page).getByRole('button', { name: 'CONNECT WALLET' }),
        page.getByRole('tab', { name: 'BTTC' }),
      ]) {
        const box = await target.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      // The logo too, and every other link and button of the header.
      expect(await thumbMisses(header(page))).toEqual([]);

      await menuButton(page).tap();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(subMenu).toBeVisible();
      const links = await subMenu.getByRole('link').all();
      for (const link of links)
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await thumbMisses(header(page))).toEqual([]);
      // Every entry of the list says in words where it goes, the messaging link too.
      await expect(subMenu.getByText('Telegram', { exact: true })).toBeVisible();
      // What is not there yet says when it comes (no hover on a phone to show its title).
      const soon = page
        .getByRole('navigation', { name: 'Menu', exact: true })
        .getByText('Coming soon', { exact: true });
      await expect.poll(async () => (await soon.boundingBox())?.width ?? 0).toBeGreaterThan(40);
      expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: path.join(SHOTS, `${size.width}-menu-open.png`) });

      await subMenu.getByRole('link', { name: 'Pools' }).tap();
      await expect(page).toHaveURL(/\/pools/);
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(subMenu).toBeHidden();
      // The link folded away with the menu: the focus is back on Menu, not at the page's start.
      await expect(menuButton(page)).toBeFocused();

      await menuButton(page).tap();
      await expect(subMenu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(subMenu).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
    });

    test("the slippage setting takes no line of its own above the amounts where the title's line has room", async ({
      page,
    }) => {
      await page.goto('/');
      const box = page.locator('[data-remote="swap"]');
      const title = (await box.getByRole('heading', { name: 'TOKEN SWAP' }).boundingBox())!;
      const toggle = (await box.getByRole('button', { name: /^Slippage/ }).boundingBox())!;
      const card = (await box.boundingBox())!;
      // Right-aligned either way, where a thumb finds settings in other wallets and DEXes.
      expect(card.x + card.width - (toggle.x + toggle.width)).toBeLessThan(40);
      const middle = toggle.y + toggle.height / 2;
      if (size.width >= 375) {
        expect(middle).toBeGreaterThan(title.y);
        expect(middle).toBeLessThan(title.y + title.height);
      } else {
        // 320 px: "TOKEN SWAP" and the setting do not fit side by side; it goes just below.
        expectJustBelow(title, toggle);
      }
    });

    test("the charts page's controls are a thumb's targets, its pair list open too", async ({
      page,
    }) => {
      await page.goto('/charts?n=BSC');
      const charts = page.locator('[data-remote="charts"]');
      await expect(charts.getByRole('button', { name: '1W' })).toBeVisible();
      // The page's loading state stands over everything until the pair's data arrives.
      await expect(page.locator('.jm-loading')).toHaveCount(0);
      expect(await thumbMisses(charts)).toEqual([]);
      await charts.getByRole('button', { name: /^Pair: / }).tap();
      await expect(charts.getByRole('searchbox')).toBeVisible();
      const small = await charts.evaluate((root) =>
        Array.from(root.querySelectorAll('button, input'))
          .map((e) => ({
            name: e.textContent?.trim() || e.tagName,
            box: e.getBoundingClientRect(),
          }))
          .filter(({ box }) => box.height > 0 && box.height < 44)
          .map(({ name, box }) => `${name}: ${Math.round(box.height)} px`),
      );
      expect(small).toEqual([]);
    });

    test("the swap box's controls are a thumb's targets, and a token's description opens from its i", async ({
      page,
    }) => {
      await page.goto('/');
      const swap = page.locator('[data-remote="swap"]');
      await expect(swap.getByTestId('price-from')).toHaveText(/\S/);
      await expect(swap.getByRole('link', { name: /chart$/ })).toBeVisible();
      expect(await thumbMisses(swap)).toEqual([]);
      // The settings too: presets, fields and the approval's line.
      const toggle = swap.getByRole('button', { name: /^Slippage / });
      await toggle.tap();
      const settings = swap.locator('.jm-settings-panel');
      expect(await thumbMisses(settings)).toEqual([]);
      const fields = settings.locator(
        'input:not([type="checkbox"]), label:has(input[type="checkbox"])',
      );
      expect(await fields.count()).toBeGreaterThanOrEqual(3);
      for (const field of await fields.all())
        expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await toggle.tap();

      // A title tooltip never shows on a touch screen: the tap opens the text in the page.
      const about = swap.getByRole('button', { name: 'About JM' });
      await about.tap();
      await expect(about).toHaveAttribute('aria-expanded', 'true');
      const bubble = swap.getByRole('note');
      await expect(bubble).toContainText('JustMoney is a token focused on DeFi');
      await expect(bubble.getByRole('link', { name: 'https://just.money' })).toHaveAttribute(
        'href',
        'https://just.money/',
      );
      const box = (await bubble.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await swap.getByRole('heading', { name: 'TOKEN SWAP' }).tap();
      await expect(bubble).toBeHidden();

      // The token picker's common bases and rows.
      await swap.getByRole('button', { name: 'Sell token: TRX' }).tap();
      const picker = page.getByRole('dialog', { name: 'Select a token to sell' });
      await expect(picker.getByRole('combobox', { name: 'Search tokens' })).toBeVisible();
      expect(await thumbMisses(picker)).toEqual([]);
    });

    test("Trading History's links to its trades are a thumb's targets, and no figure wraps inside its digits", async ({
      page,
    }) => {
      await page.goto('/');
      const swap = page.locator('[data-remote="swap"]');
      await swap.getByRole('button', { name: 'Toggle swap history' }).tap();
      const history = swap.getByRole('region', { name: 'Trading History' });
      await expect(history.getByRole('link').first()).toBeVisible();
      expect(await thumbMisses(history)).toEqual([]);
      // TRX/JM's amounts are millions of JM to six decimals, grouped in thousands.
      await expect(history.getByRole('row').nth(1)).toContainText(/\d{1,3}(,\d{3}){2,}\.\d{6}/);
      expect(await wordsSplitAcrossLines(history)).toEqual([]);
    });

    test("the projects page's and the listing form's links and buttons are a thumb's targets", async ({
      page,
    }) => {
      for (const route of ['/info', '/listing']) {
        await page.goto(route);
        await settled(page);
        expect(await thumbMisses(page.locator('main')), route).toEqual([]);
      }
    });

    test("the help center's topics open from a thumb's target", async ({ page }) => {
      await page.goto('/help');
      const topics = page.locator('.jm-help summary');
      await expect(topics.first()).toBeVisible();
      expect(await topics.count()).toBeGreaterThan(3);
      // Polled: under load one topic once measured 0 px while the page was still being drawn.
      await expect
        .poll(() =>
          topics.evaluateAll((all) =>
            all
              .map((topic) => [topic.textContent, topic.getBoundingClientRect().height] as const)
              .filter(([, height]) => height < 44),
          ),
        )
        .toEqual([]);
    });

    test("in a partner's widget whose title has spaced letters, the slippage setting stays beside or just below the title", async ({
      page,
    }) => {
      await page.goto(
        `http://localhost:${HOST_PORT}/sdk.html?o=${encodeURIComponent(
          JSON.stringify({ network: 'TRON', headingStyle: { letterSpacing: '0.08em' } }),
        )}`,
      );
      const box = page.frameLocator('#jmswap iframe').locator('[data-remote="swap"]');
      const heading = box.getByRole('heading', { name: 'TOKEN SWAP' });
      await expect(heading).toHaveCSS('letter-spacing', /^1\.9/);
      const title = (await heading.boundingBox())!;
      const toggle = (await box.getByRole('button', { name: /^Slippage/ }).boundingBox())!;
      // Beside the title where the frame has room (375 px), else just below it, never with an
      // empty band between them.
      const middle = toggle.y + toggle.height / 2;
      if (middle < title.y + title.height) expect(middle).toBeGreaterThan(title.y);
      else expectJustBelow(title, toggle);
      await page.screenshot({ path: path.join(SHOTS, `${size.width}-widget-spaced-title.png`) });
    });

    test('with no wallet in the page, the chooser offers to open it in the wallet app', async ({
      page,
    }) => {
      await page.goto('/?n=BSC');
      await header(page).getByRole('button', { name: 'CONNECT WALLET' }).tap();
      const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
      const open = chooser.getByRole('link', { name: 'Open in MetaMask' });
      await expect(open).toHaveAttribute(
        'href',
        `https://link.metamask.io/dapp/localhost:${new URL(page.url()).port}/?n=BSC`,
      );
      await expect(
        chooser.getByRole('button', { name: 'Mobile wallet (WalletConnect)' }),
      ).toBeVisible();
      const box = await chooser.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: path.join(SHOTS, `${size.width}-chooser-bsc.png`) });
      // not a money flow: the wallet chooser's Cancel closes it
      await chooser.getByRole('button', { name: 'Cancel' }).tap();
      await expect(chooser).toBeHidden();

      await page.getByRole('tab', { name: 'TRON' }).tap();
      await header(page).getByRole('button', { name: 'CONNECT WALLET' }).tap();
      const tron = chooser.getByRole('link', { name: 'Open in TronLink' });
      const href = (await tron.getAttribute('href')) as string;
      expect(href.startsWith('tronlinkoutside://pull.activity?param=')).toBe(true);
      const param = JSON.parse(decodeURIComponent(href.split('param=')[1]!));
      expect(param).toMatchObject({ url: page.url(), action: 'open', protocol: 'TronLink' });
    });

    test("inside TronLink's in-app browser, TronLink connects from the same button", async ({
      page,
      tronAccount,
    }) => {
      await withTronLink(page, tronAccount);
      await page.goto('/?n=TRON');
      await header(page).getByRole('button', { name: 'CONNECT WALLET' }).tap();
      const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
      await expect(chooser.getByRole('link', { name: 'Open in TronLink' })).toHaveCount(0);
      await chooser.getByRole('button', { name: 'TronLink' }).tap();
      await expect(page.getByTestId('wallet-session')).toContainText('Welcome TronLink');
    });
  });
}

// Tablets and small laptops: the desktop layout from 760 px, the pools' table from its own
// breakpoint. Each route is loaded once per language and widened step by step.
test('between a phone and a desktop, every route fits its width in English and Chinese', async ({
  page,
}) => {
  const widths = [704, 736, 768, 800, 834, 864, 900, 904, 960, 1024];
  for (const lang of ['en', 'zh-CN']) {
    for (const [, url] of ROUTES) {
      await page.setViewportSize({ width: widths[0]!, height: 1000 });
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
      await settled(page);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 1000 });
        await expect
          .soft(
            async () => expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(width),
            `${url} in ${lang} at ${width} px`,
          )
          .toPass({ timeout: 2000 });
        expect.soft(await sidewaysScrollers(page), `${url} in ${lang} at ${width} px`).toEqual([]);
      }
    }
  }
});
