/**
 * Every page in Chinese with its texts arriving late, as on a slow first visit: each app's
 * catalogue chunk is held back. Once they are in, no English text of any app's catalogue is left
 * on the page (a remote whose texts came after its first render kept "Chart" in English).
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
