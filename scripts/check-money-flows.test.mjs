// node --test scripts/check-money-flows.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSpec, pageLaneSpecs } from './check-money-flows.mjs';

const spec = (body) => `
import { expect, test } from '../fixtures/test';
const swapBox = (page) => page.locator('[data-remote="swap"]');
const swapButton = (page) => swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
async function swap(page) {
  await swapButton(page).click();
}
async function swapAndCheck(page, before) {
  await swap(page);
  await expectLanded(before, { txs: 1 });
}
${body}
`;

test('a test that clicks SWAP through a helper and never checks the chain is reported', () => {
  const problems = checkSpec(
    'x.e2e.ts',
    spec(`test('sends', async ({ page }) => { await swap(page); });`),
  );
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^x\.e2e\.ts:\d+: "sends" clicks a button that sends money/);
});

test('a click through a locator helper, a local variable or a regex name counts', () => {
  const bodies = [
    `test('a', async ({ page }) => { await swapButton(page).tap(); });`,
    `test('b', async ({ page }) => { const b = page.getByRole('button', { name: 'Revoke' }); await b.click(); });`,
    `test('c', async ({ page }) => { await row.getByRole('button', { name: /^Speed up$/ }).click(); });`,
    `test('d', async ({ page }) => { await panel.getByRole('button', { name: 'REMOVE LIQUIDITY', exact: true }).dblclick(); });`,
  ];
  for (const body of bodies) assert.equal(checkSpec('x.e2e.ts', spec(body)).length, 1, body);
});

test('a test that checks what landed, itself or through a helper, passes', () => {
  const bodies = [
    `test('a', async ({ page }) => { await swap(page); await expectLanded(before, {}); });`,
    `test('b', async ({ page }) => { await swapAndCheck(page, before); });`,
    `test('c', async ({ page }) => { await swap(page); await expectNothingMoved(before); });`,
  ];
  for (const body of bodies) assert.deepEqual(checkSpec('x.e2e.ts', spec(body)), [], body);
});

test('other buttons, and a Cancel marked as no money flow, pass', () => {
  const bodies = [
    `test('a', async ({ page }) => { await page.getByRole('button', { name: 'CLOSE' }).click(); });`,
    `test('b', async ({ page }) => {
      // not a money flow: the chooser's Cancel
      await chooser.getByRole('button', { name: 'Cancel' }).click();
    });`,
    `test('c', async ({ page }) => { await expect(swapButton(page)).toBeVisible(); });`,
  ];
  for (const body of bodies) assert.deepEqual(checkSpec('x.e2e.ts', spec(body)), [], body);
});

test('a focused test is reported', () => {
  const problems = checkSpec('x.e2e.ts', spec(`test.only('a', async () => {});`));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /test\.only focuses a test/);
});

test('a spec of the page lane (run beside the trading specs) may not send money, checked or not', () => {
  const pages = pageLaneSpecs(`const PAGES = [\n  'routes',\n  'wallet-chooser',\n];`);
  assert.deepEqual([...pages], ['routes', 'wallet-chooser']);
  const checked = spec(`test('swaps', async ({ page }) => { await swapAndCheck(page, before); });`);
  assert.deepEqual(checkSpec('wallet-chooser.e2e.ts', checked), []);
  const problems = checkSpec('wallet-chooser.e2e.ts', checked, { sendsNothing: true });
  assert.equal(problems.length, 1);
  assert.match(problems[0], /"swaps" sends money from a spec of the page lane/);
  const looks = spec(`test('looks', async ({ page }) => { await page.goto('/'); });`);
  assert.deepEqual(checkSpec('routes.e2e.ts', looks, { sendsNothing: true }), []);
});
