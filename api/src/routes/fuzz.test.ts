// Checklist item 40: every route, public and operator, driven with bad and odd
// input by a property test. Whatever comes in: a 4xx with a message in the one error body, or a
// normal answer; never a 5xx. (Answer times: `npm run bench -w @jmswap/api -- --only fuzz`.)
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from '../app';
import { Metrics } from '../metrics';
import type { Db } from '../db/db';
import { freshDb } from '../test/databases';
import { hexToTron } from '../chain/address';
import { badChecksum, fuzzNetworks, fuzzRequest, type FuzzRequest } from '../test/fuzz-inputs';

const TOKEN = 'f'.repeat(64);
let db: Db;
let drop: () => Promise<void>;
let app: FastifyInstance;
let admin: FastifyInstance;
const networks = fuzzNetworks();
const bsc = networks.find((n) => n.id === 'BSC')!;

beforeAll(async () => {
  ({ db, drop } = await freshDb('pglite'));
  const metrics = new Metrics();
  app = await buildApp({
    db,
    networks,
    metrics,
    // The listing form's chain check answers without a chain; no rate limit in the way.
    listing: {
      readToken: async () => ({ kind: 'missing' }),
      rateLimit: { max: 1e9, timeWindow: 60_000 },
    },
    clientReports: { rateLimit: { max: 1e9, timeWindow: 60_000 } },
    approvals: { rateLimit: { max: 1e9, timeWindow: 60_000 } },
  });
  admin = await buildAdminApp({ db, metrics, adminToken: TOKEN });
});
afterAll(async () => {
  await app?.close();
  await admin?.close();
  await drop?.();
});

async function send(r: FuzzRequest) {
  const target = r.admin ? admin : app;
  return target.inject({
    method: r.method,
    url: r.url,
    headers: { ...r.headers, ...(r.admin ? { authorization: `Bearer ${TOKEN}` } : {}) },
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
}

/** What every answer must be: not a 5xx, and an error is the one JSON shape with a message. */
function check(r: FuzzRequest, res: Awaited<ReturnType<typeof send>>) {
  const where = `${r.method} ${r.url.slice(0, 200)}`;
  if (r.route === '/ready') {
    // Readiness is about the chains (none here: 503), not about the input.
    expect({ where, ready: typeof res.json().ready }).toEqual({ where, ready: 'boolean' });
    return;
  }
  expect({ where, status: res.statusCode < 500 }).toEqual({ where, status: true });
  if (res.statusCode >= 400) {
    const body = res.json() as { error?: unknown; message?: unknown; statusCode?: unknown };
    expect({ where, error: typeof body.error, statusCode: body.statusCode }).toEqual({
      where,
      error: 'string',
      statusCode: res.statusCode,
    });
    expect(typeof body.message === 'string' && body.message.length > 0).toBe(true);
  }
}

it('every route answers bad input with a 4xx and a message, never a 5xx (property test, fixed seed)', async () => {
  const statuses = new Map<number, number>();
  const routes = new Set<string>();
  await fc.assert(
    fc.asyncProperty(fuzzRequest, async (request) => {
      const r = await request;
      const res = await send(r);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      routes.add(r.route);
      check(r, res);
    }),
    { numRuns: 2500, seed: 24_040 },
  );
  // Every route was reached, and the input was mostly refused (4xx), some of it valid.
  expect(routes.size).toBe(16);
  expect(statuses.get(400)).toBeGreaterThan(500);
  expect([...statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);
  console.log(`fuzz: ${JSON.stringify(Object.fromEntries(statuses))} over ${routes.size} routes`);
});

describe('named bad inputs: limits, cursors, ranges, addresses, networks (reliability checklist item 40)', () => {
  const usdt = bsc.tokensBySymbol.get('USDT')!.key;
  const bnb = bsc.tokensBySymbol.get('BNB')!.key;
  const cases: Array<[string, string, number, RegExp]> = [
    ['limit 0', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=0`, 400, /limit must be >= 1/],
    ['limit -1', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=-1`, 400, /limit/],
    ['limit 1.5', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=1.5`, 400, /limit must be integer/],
    ['limit 10^9', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=1000000000`, 400, /<= 200/],
    ['limit 201', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=201`, 400, /<= 200/],
    ['limit 1e309', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=1e309`, 400, /limit/],
    ['a huge cursor', `/v1/history/bsc/trades/${bnb}/${usdt}?before=1e30`, 400, /before/],
    ['a skip', `/v1/history/bsc/trades/${bnb}/${usdt}?skip=1000000000000`, 400, /additional/],
    ['from > to', `/v1/history/bsc/trades/${bnb}/${usdt}?from=10&to=5`, 400, /additional/],
    ['a repeated limit', `/v1/history/bsc/trades/${bnb}/${usdt}?limit=5&limit=6`, 400, /limit/],
    [
      'a bad EVM checksum',
      `/v1/history/bsc/trades/${bnb}/${badChecksum(usdt)}`,
      400,
      /EIP-55 checksum/,
    ],
    [
      'a bad EVM checksum (wallet)',
      `/v1/history/bsc/account/${badChecksum('0x976ea74026e726554db657fa54763abd0c3a0aa9')}/trades`,
      400,
      /EIP-55 checksum/,
    ],
    ['a hex address on TRON', `/v1/history/tron/trades/${bnb}/${usdt}`, 400, /TRON base58/],
    [
      'a bad TRON checksum',
      '/v1/history/tron/account/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u/trades',
      400,
      /TRON base58/,
    ],
    ['an unknown pair', '/v1/history/bsc/candles/1w/BNB/NOPE', 404, /No BNB\/NOPE pool on BSC/],
    [
      'a token in no pool',
      `/v1/history/bsc/trades/${bnb}/0x${'12'.repeat(20)}`,
      404,
      /No 0x\w+\/0x1212\w+ pool on BSC/,
    ],
    ['a network not indexed', '/v1/history/eth/candles/1w/BNB/USDT', 404, /not indexed/],
    ['an unknown network', '/v1/history/sol/candles/1w/BNB/USDT', 400, /net must be equal/],
    ['an unknown window', '/v1/history/bsc/candles/2d/BNB/USDT', 400, /time must be equal/],
    [
      'an over-long segment',
      `/v1/history/bsc/candles/1w/${'A'.repeat(300)}/USDT`,
      414,
      /exceeding the max param length/,
    ],
    ['a parameter of info', '/v1/info?network=bsc', 400, /additional/],
    ['a parameter of candles', '/v1/history/bsc/candles/1w/BNB/USDT?since=1', 400, /additional/],
    ['a range from > to', '/v1/history/bsc/candles/1w/BNB/USDT?from=10&to=5', 400, /from must not/],
    ['a range of 0 candles', '/v1/history/bsc/line/1w/BNB/USDT?limit=0', 400, /limit must be >= 1/],
    ['a huge range start', '/v1/history/bsc/candles/1w/BNB/USDT?from=1e309', 400, /from/],
    ['approvals without owner', '/v1/approvals?network=bsc', 400, /owner/],
    [
      'approvals of a TRON address on BSC',
      `/v1/approvals?network=BSC&owner=${hexToTron(usdt)}`,
      400,
      /0x \+ 40 hex/,
    ],
  ];
  it.each(cases)('%s', async (_name, url, status, message) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      error: expect.any(String),
      message: expect.stringMatching(message),
      statusCode: status,
    });
  });

  it('valid spellings still answer: lower case, all upper case and checksummed EVM addresses', async () => {
    for (const a of [usdt, '0x' + usdt.slice(2).toUpperCase()])
      expect((await app.inject(`/v1/history/bsc/trades/${bnb}/${a}`)).statusCode).toBe(200);
  });
});
