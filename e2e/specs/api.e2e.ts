import { expect, test } from '@playwright/test';
import { API, SHELL } from '../fixtures/stack';

// The api the e2e setup starts on :9070 has indexed the local chains' seeded history.

test('the api is ready with every network indexed up to its head', async ({ request }) => {
  const res = await request.get(`${API}/ready`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { networks: Record<string, { lag: number }> };
  expect(Object.keys(body.networks).sort()).toEqual(['BSC', 'BTTC', 'ETH', 'POLY', 'TRON']);
  for (const n of Object.values(body.networks)) expect(n.lag).toBeLessThanOrEqual(10);
});

test('the site’s pages can read chart candles and pool figures from the api (CORS)', async ({
  page,
}) => {
  await page.goto(`${SHELL}/`);
  const answer = await page.evaluate(async (api) => {
    const candles = await fetch(`${api}/v1/history/tron/candles/1w/TRX/JM`).then((r) => r.json());
    const info = await fetch(`${api}/v1/info`).then((r) => r.json());
    return { candles, info };
  }, API);
  expect(answer.candles.length).toBeGreaterThan(0);
  for (const c of answer.candles) expect(c.h).toBeGreaterThanOrEqual(c.l);
  const tron = answer.info.networks.TRON;
  expect(tron.pairs[0]).toMatchObject({ symbolA: 'TRX', symbolB: 'JM' });
  expect(tron.jm).toMatchObject({ burned: '2500000000', supply: '97500000000' });
  expect(tron.tokens.USDT.priceUsd).toBe(1);
});

test('a bad request gets the stable error body', async ({ request }) => {
  const res = await request.get(`${API}/v1/history/tron/candles/2d/TRX/JM`);
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({
    error: 'Bad Request',
    message: expect.stringContaining('time'),
    statusCode: 400,
  });
});
