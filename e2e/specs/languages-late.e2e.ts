/**
 * Every page in Chinese with its texts arriving late, as on a slow first visit: each app's
 * catalogue chunk is held back. Once they are in, no English text of any app's catalogue is left
 * on the page (a remote whose texts came after its first render kept "Chart" in English). Texts
 * that do not arrive at all: the page says so in both languages and turns Chinese once they can.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

/** Each app's Chinese catalogue, as lingui.config.js lists them. */
const linguiConfig = path.join(__dirname, '../../lingui.config.js');
const CATALOGUES = (
  createRequire(__filename)(linguiConfig) as { catalogs: { path: string }[] }
).catalogs.map(({ path: at }) =>
  path.join(
    path.dirname(linguiConfig),
    `${at.replace('<rootDir>/', '').replace('{locale}', 'zh-CN')}.po`,
  ),
);
const ROUTES = ['/', '/?t=addLiquidity', '/charts', '/pools', '/listing', '/help', '/info'];

/**
 * Each app's English texts that read otherwise in Chinese, as patterns of whole words: one-line
 * texts of four letters or more without a placeholder ("Pools", "Add liquidity").
 */
function englishTexts(): { text: string; pattern: RegExp }[] {
  const texts = new Set<string>();
  for (const catalogue of CATALOGUES) {
    const po = readFileSync(catalogue, 'utf8');
    for (const [, id, str] of po.matchAll(/\nmsgid (".+")\nmsgstr (".+")/g)) {
      const [english, chinese] = [JSON.parse(id!) as string, JSON.parse(str!) as string];
      if (english !== chinese && english.length >= 4 && !/[{<]/.test(english)) texts.add(english);
    }
  }
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return [...texts].map((text) => ({
    text,
    pattern: new RegExp(`(?<![A-Za-z])${escape(text)}(?![A-Za-z])`),
  }));
}

/** The English texts of the catalogues the page shows. */
const englishLeft = async (page: Page, texts: ReturnType<typeof englishTexts>) => {
  const shown = await page.locator('body').innerText();
  return texts.filter(({ pattern }) => pattern.test(shown)).map(({ text }) => text);
};

test('every page in Chinese whose texts arrive late ends with none of its English texts', async ({
  page,
}) => {
  const texts = englishTexts();
  expect(texts.length).toBeGreaterThan(200);
  await page.route(/\/messages-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  for (const route of ROUTES) {
    await page.goto(`${route}${route.includes('?') ? '&' : '?'}lang=zh-CN`);
    await expect(page.locator('main [data-remote], main .jm-static').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => englishLeft(page, texts), { message: route }).toEqual([]);
  }
});

test('a visit in Chinese whose texts do not load says so in Chinese and English, and turns Chinese once the connection is back', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('JMSWAP_LANGUAGE', 'zh-CN'));
  const catalogues = /\/messages-[^/]*\.js$/;
  await page.route(catalogues, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const toast = page.getByText(/^简体中文文字未能加载/);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    '页面暂以英文显示；网络恢复后会自动切换为中文。 The 简体中文 texts did not load, so the page is in English.',
  );
  const connect = page.locator('#root > header').getByRole('button', { name: 'CONNECT WALLET' });
  await expect(connect).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.screenshot({ path: test.info().outputPath('not-loaded-375.png') });

  // The connection comes back: the browser says so, and the page loads its texts.
  await page.unroute(catalogues);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(
    page.locator('#root > header').getByRole('button', { name: '连接钱包' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(
    page.getByRole('heading', { name: '首个全面支持带税代币的多链兑换平台' }),
  ).toBeVisible();
});
