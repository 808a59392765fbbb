import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectLanded, ledger } from '../fixtures/landed';
import { HOST_PORT } from '../fixtures/stack';
import { setResources, withTronLink } from '../fixtures/tron';

// Languages: Simplified Chinese from a link, from the language menu (kept across a
// reload), through a whole TRON swap, in the widget from its host's option, and at 320 px.
const LANGUAGE_KEY = 'JMSWAP_LANGUAGE';

/** An app's Chinese for an English text, from its catalogue (undefined: not translated yet). */
function chinese(app: string, english: string): string | undefined {
  const po = readFileSync(path.join(__dirname, `../../${app}/src/locales/zh-CN.po`), 'utf8');
  const quoted = JSON.stringify(english);
  const at = po.indexOf(`\nmsgid ${quoted}\nmsgstr "`);
  if (at < 0) return undefined;
  const line = po.slice(at + `\nmsgid ${quoted}\nmsgstr `.length).split('\n')[0] as string;
  return (JSON.parse(line) as string) || undefined;
}

const header = (page: Page) => page.locator('header');
const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
// The app's, not the built first frame's (one per language) that shows until the app renders.
const languageMenu = (page: Page) => page.locator('#root > header select.jm-language-toggle');

test('?lang=zh-CN shows the page in Chinese without storing a choice', async ({ page }) => {
  await page.goto('/?lang=zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(header(page).getByRole('button', { name: '连接钱包' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: '图表' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: '首个全面支持带税代币的多链兑换平台' }),
  ).toBeVisible();
  await expect(header(page).getByRole('tab', { name: 'TRON' })).toBeVisible();
  const title = chinese('mfe-swap', 'TOKEN SWAP');
  if (title) await expect(swapBox(page)).toContainText(title);
  expect(await page.evaluate((k) => localStorage.getItem(k), LANGUAGE_KEY)).toBeNull();
  // The menus' words stand on one line of text: "Launchpad" and the ✈ (Latin and a symbol, line
  // boxes of another height than the Chinese beside them) once sat higher than their neighbours.
  expect(await menuBaselines(page, '.jm-menu')).toHaveLength(1);
  expect(await menuBaselines(page, '.jm-submenu')).toHaveLength(1);
});

/** The distinct baselines (px) of a header menu's entries: a 0-height marker stands on each. */
const menuBaselines = (page: Page, menu: string) =>
  page.locator(`header ${menu}`).evaluate((list) => {
    const lines = new Set<number>();
    for (const entry of Array.from(list.children)) {
      const marker = document.createElement('span');
      marker.style.cssText = 'display:inline-block;height:0;width:0';
      entry.prepend(marker);
      lines.add(Math.round(marker.getBoundingClientRect().bottom));
      marker.remove();
    }
    return [...lines];
  });

test('the language menu switches, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(header(page).getByRole('button', { name: 'CONNECT WALLET' })).toBeVisible();
  await expect(languageMenu(page).locator('option')).toHaveText(['English', '简体中文']);
  await languageMenu(page).selectOption('zh-CN');
  await expect(header(page).getByRole('button', { name: '连接钱包' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(header(page).getByRole('button', { name: '连接钱包' })).toBeVisible();
  await expect(languageMenu(page)).toHaveValue('zh-CN');
  await languageMenu(page).selectOption('en');
  await expect(header(page).getByRole('button', { name: 'CONNECT WALLET' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('TRON: a whole swap in Chinese with TronLink, the received amount checked on chain', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON&lang=zh-CN');
  await header(page).getByRole('button', { name: '连接钱包' }).click();
  await page
    .getByRole('dialog', { name: '连接钱包' })
    .getByRole('button', { name: 'TronLink' })
    .click();
  await expect(page.getByTestId('wallet-session')).toContainText('欢迎 TronLink');

  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  // The first field and the box's own action button, whatever their words.
  await swapBox(page).getByRole('textbox').first().fill('100');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const amountOut = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  const amountIn = BigInt((await swapBox(page).getAttribute('data-quote-in')) as string);
  const swapText = chinese('mfe-swap', 'SWAP');
  const action = swapBox(page).locator(':scope > .jm-button');
  if (swapText) await expect(action).toHaveText(swapText);
  await action.click();
  const popup = swapBox(page).getByRole('dialog');
  await expect(popup).toBeVisible({ timeout: 30000 });
  const funds = chinese('mfe-swap', 'FUNDS ON THE WAY');
  if (funds) await expect(popup).toContainText(funds);
  await expectLanded(before, { txs: 1, debit: { TRX: amountIn }, credit: { JM: amountOut } });
  await expect(popup.getByTestId('received')).toContainText('JM');
});

test("the widget in Chinese from its host's language option", async ({ page }) => {
  const options = { network: 'TRON', language: 'zh-CN' };
  await page.goto(
    `http://localhost:${HOST_PORT}/sdk.html?o=${encodeURIComponent(JSON.stringify(options))}`,
  );
  const frame = page.frameLocator('#jmswap iframe');
  await expect(frame.locator('[data-remote="swap"]')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(frame.locator('.jm-widget-branding')).toContainText('兑换服务：');
  await expect(frame.locator('.jm-widget-branding')).toContainText('JMSwap');
  const title = chinese('mfe-swap', 'TOKEN SWAP');
  if (title) await expect(frame.locator('[data-remote="swap"]')).toContainText(title);
});

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('Chinese fits without horizontal scrolling, the phone menu switches languages', async ({
    page,
  }) => {
    await page.goto('/?lang=zh-CN');
    await expect(swapBox(page)).toBeVisible();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(320);
    await header(page).getByRole('button', { name: '菜单' }).click();
    const line = header(page).locator('.jm-language-menu');
    await expect(line).toContainText('语言');
    expect(await width()).toBeLessThanOrEqual(320);
    const shot = test.info().outputPath('zh-CN-320-menu.png');
    await page.screenshot({ path: shot, fullPage: true });
    await test.info().attach('zh-CN-320-menu.png', { path: shot, contentType: 'image/png' });
    await line.locator('select').selectOption('en');
    await expect(header(page).getByRole('button', { name: 'CONNECT WALLET' })).toBeVisible();
    for (const url of ['/info?lang=zh-CN', '/help?lang=zh-CN']) {
      await page.goto(url);
      // The app's page, not the built first frame (one per language) before it.
      await expect(page.locator('#root > main .jm-static')).toBeVisible();
      expect(await width(), url).toBeLessThanOrEqual(320);
    }
  });
});
