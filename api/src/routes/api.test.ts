import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { hexToTron } from '../chain/address';
import { sourceFor } from '../indexer/sources';
import { Indexer } from '../indexer/indexer';
import { BUCKET_SECONDS } from '../indexer/store';
import {
  anvilAddress,
  approveToken,
  startTestChains,
  swapBnbForUsdt,
  swapTokens,
  rpc,
  type TestChains,
} from '../test/chain';
import { DB_KINDS, freshDb } from '../test/databases';
import { dumpNetwork } from '../test/dump';
import type { Db } from '../db/db';

let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ tron: true, swaps: 24 });
  // Trades of known wallets for the account endpoint: on BSC a direct one, then a route of two
  // pools (USDT -> BNB -> BUSD); on TRON a sale for TRX (the router pays out the TRX).
  await swapBnbForUsdt(chains, 5n * 10n ** 16n, 6);
  const bscKey = (s: string) => chains.bsc.tokensBySymbol.get(s)!.key;
  await swapTokens(
    chains.rpcUrl,
    chains.bsc.routers[0]!,
    [bscKey('USDT'), bscKey('BNB'), bscKey('BUSD')],
    5n * 10n ** 18n,
    6,
    bscKey('BNB'),
  );
  // Taxed tokens: on BSC a sale of O1T (7%) for BNB; on TRON one of JM (3%) for TRX.
  await swapTokens(
    chains.rpcUrl,
    chains.bsc.routers[0]!,
    [bscKey('O1T'), bscKey('BNB')],
    1000n * 10n ** BigInt(chains.bsc.tokensBySymbol.get('O1T')!.decimals),
    9,
    bscKey('BNB'),
    [7, 0],
  );
  const tronNet = chains.networks.find((n) => n.id === 'TRON')!;
  const tronKey = (s: string) => tronNet.tokensBySymbol.get(s)!.key;
  await swapTokens(
    chains.tronAnvilUrl!,
    tronNet.routers[0]!,
    [tronKey('USDT'), tronKey('TRX')],
    7n * 10n ** 6n,
    8,
    tronKey('TRX'),
  );
  await swapTokens(
    chains.tronAnvilUrl!,
    tronNet.routers[0]!,
    [tronKey('JM'), tronKey('TRX')],
    100n * 10n ** 8n,
    8,
    tronKey('TRX'),
    [3, 0],
  );
  // Approvals of a known wallet (account 7) for /v1/approvals, on BSC and TRON.
  const bsc = chains.devnet.config.networks.BSC;
  const token = (s: string) => bsc.tokens[s]!.address;
  const { ROUTER_ADDRESS: router, LIQUIDITY_ROUTER: liquidity } = bsc.exchange;
  await approveToken(chains.rpcUrl, token('USDT'), liquidity!, 1000n);
  await approveToken(chains.rpcUrl, token('BUSD'), router!, 2n ** 256n - 1n);
  await approveToken(chains.rpcUrl, token('USDT'), liquidity!, 0n); // revoked: still listed
  await approveToken(chains.rpcUrl, token('BTCB'), anvilAddress(8), 5n); // not a router
  const tron = chains.networks.find((n) => n.id === 'TRON')!;
  await approveToken(
    chains.tronAnvilUrl!,
    tron.tokensBySymbol.get('JM')!.key,
    tron.routers[0]!,
    5n,
  );
}, 240_000);
afterAll(() => chains?.stop());

type Trade = {
  type: string;
  price: string;
  buyAmount: string;
  sellAmount: string;
  date: number;
  hash: string;
  trader: string;
};
type Candle = { o: number; h: number; l: number; c: number; v: number | null; dt: number };

describe.each(DB_KINDS)('the api on %s, filled by indexing the local chains', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const get = async (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers });
  const json = async <T>(url: string): Promise<T> => {
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    return r.json() as T;
  };
  const bscToken = (s: string) => chains.bsc.tokensBySymbol.get(s)!.key;
  const tronToken = (s: string) =>
    chains.networks.find((n) => n.id === 'TRON')!.tokensBySymbol.get(s)!.key;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    for (const n of chains.networks)
      await new Indexer({ db, network: n, source: sourceFor(n) }).syncToHead();
    app = await buildApp({ db, networks: chains.networks });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('candles equal a recomputation from the raw trades, each opening at the close before it, inverted on request', async () => {
    const trades = await json<Trade[]>(
      `/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('USDT')}?limit=200`,
    );
    expect(trades.length).toBeGreaterThan(2);
    const expected = new Map<number, { o: number; h: number; l: number; c: number }>();
    for (const t of [...trades].reverse()) {
      const dt = Math.floor(t.date / 1000 / BUCKET_SECONDS) * BUCKET_SECONDS * 1000;
      const p = Number(t.price);
      const e = expected.get(dt);
      if (!e) expected.set(dt, { o: p, h: p, l: p, c: p });
      else expected.set(dt, { o: e.o, h: Math.max(e.h, p), l: Math.min(e.l, p), c: p });
    }
    // A candle opens where the one before it closed (a bucket without trades repeats it).
    let close: number | undefined;
    for (const [dt, e] of [...expected].sort(([a], [b]) => a - b)) {
      if (close !== undefined)
        expected.set(dt, { ...e, o: close, h: Math.max(e.h, close), l: Math.min(e.l, close) });
      close = e.c;
    }
    const candles = await json<Candle[]>('/v1/history/bsc/candles/all/BNB/USDT');
    for (let i = 1; i < candles.length; i++) expect(candles[i]!.o).toBe(candles[i - 1]!.c);
    for (const [dt, e] of expected) {
      const c = candles.find((x) => x.dt === dt)!;
      expect(c).toBeDefined();
      for (const k of ['o', 'h', 'l', 'c'] as const) expect(c[k]).toBeCloseTo(e[k], 12);
    }
    // Each bucket's volume is its trades' dollars, as they were indexed; a bucket without: 0.
    const { rows: volumes } = await db.query<{ bucket: string; usd: number | null }>(
      `SELECT ((time / ${BUCKET_SECONDS}) * ${BUCKET_SECONDS})::text AS bucket, sum(usd)::float8 AS usd
       FROM trades t JOIN (SELECT pair FROM trades WHERE tx_hash = $1 LIMIT 1) p USING (pair)
       WHERE t.network = 'BSC' GROUP BY 1`,
      [trades[0]!.hash],
    );
    expect(volumes.length).toBe(expected.size);
    const usdAt = new Map(volumes.map((r) => [Number(r.bucket) * 1000, r.usd]));
    expect([...usdAt.values()].some((usd) => usd !== null && usd > 0)).toBe(true);
    for (const c of candles) {
      const usd = usdAt.get(c.dt);
      if (usd === undefined) expect(c.v).toBe(0);
      else if (usd === null) expect(c.v).toBeNull();
      else expect(c.v).toBeCloseTo(usd, 6);
    }
    // ascending 4-hour buckets without holes up to now
    for (let i = 1; i < candles.length; i++)
      expect(candles[i]!.dt - candles[i - 1]!.dt).toBe(BUCKET_SECONDS * 1000);
    const inverted = await json<Candle[]>('/v1/history/bsc/candles/all/USDT/BNB');
    expect(inverted).toHaveLength(candles.length);
    const last = candles.at(-1)!;
    const lastInv = inverted.at(-1)!;
    expect(lastInv.c).toBeCloseTo(1 / last.c, 6);
    expect(lastInv.h).toBeCloseTo(1 / last.l, 6);
    expect(inverted.map((c) => c.v)).toEqual(candles.map((c) => c.v));
    const line = await json<Array<{ value: number; dt: number }>>(
      '/v1/history/bsc/line/all/BNB/USDT',
    );
    expect(line).toEqual(candles.map((c) => ({ value: c.c, dt: c.dt })));
    const day = await json<Candle[]>('/v1/history/bsc/candles/1d/BNB/USDT');
    expect(day.length).toBeLessThanOrEqual(7);
    expect(day.at(-1)).toEqual(last);
  });

  it('trades: newest first, paged with before, buy = the trader received B, amounts in token units', async () => {
    const all = await json<Trade[]>(
      `/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('USDT')}?limit=200`,
    );
    const dates = all.map((t) => t.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const page = await json<Trade[]>(
      `/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('USDT')}?limit=2&before=${all[0]!.date}`,
    );
    // Exactly the next (older) trades: a page that seeks the wrong time or limit differs.
    const older = all.filter((t) => t.date < all[0]!.date);
    expect(older.length).toBeGreaterThan(0);
    expect(page).toEqual(older.slice(0, 2));
    // The swap made in beforeAll paid 0.05 BNB (A) and received USDT (B): a buy. (The same wallet's
    // route USDT -> BNB -> BUSD sold USDT in this pool too.)
    const mine = all.find(
      (t) => t.trader === '0x976ea74026e726554db657fa54763abd0c3a0aa9' && t.sellAmount === '0.05',
    )!;
    expect(mine).toMatchObject({ type: 'buy', sellAmount: '0.05' });
    expect(Number(mine.price)).toBeCloseTo(0.05 / Number(mine.buyAmount), 12);
    // The same trade asked the other way round is a sell of BNB, priced in USDT.
    const other = await json<Trade[]>(
      `/v1/history/bsc/trades/${bscToken('USDT')}/${bscToken('BNB')}?limit=200`,
    );
    const mirror = other.find((t) => t.hash === mine.hash)!;
    expect(mirror).toMatchObject({ type: 'sell', buyAmount: mine.buyAmount, sellAmount: '0.05' });
    expect(Number(mirror.price)).toBeCloseTo(Number(mine.buyAmount) / 0.05, 6);
  });

  it('a wallet sees its own trades with symbols, amounts and a USD value, a route as one trade', async () => {
    const url = '/v1/history/bsc/account/0x976EA74026E726554dB657fA54763abd0C3a0aa9/trades';
    const trades = await json<Array<Record<string, unknown>>>(url);
    expect(trades).toHaveLength(2);
    // The route: what left the wallet and what reached it, not the BNB between the pools.
    expect(trades[0]).toMatchObject({ symbolIn: 'USDT', symbolOut: 'BUSD', amountIn: '5' });
    expect(Number(trades[0]!.amountOut)).toBeGreaterThan(4);
    expect(Number(trades[0]!.amountOut)).toBeLessThan(6.5);
    expect(trades[1]).toMatchObject({ symbolIn: 'BNB', symbolOut: 'USDT', amountIn: '0.05' });
    expect(trades[1]!.usd as number).toBeGreaterThan(20);
    expect(trades[1]!.usd as number).toBeLessThan(40);
    // Paged by time: before its second it is not there, a second after it is; a page of one
    // trade holds the whole route.
    const date = trades[0]!.date as number;
    expect(await json(`${url}?before=${date}`)).toEqual(
      trades.filter((t) => (t.date as number) < date),
    );
    expect(await json(`${url}?before=${date + 1000}&limit=1`)).toEqual([trades[0]]);
  });

  it('a TRON wallet that sold for TRX sees the sale (the router, which pays out the TRX, is not the trader)', async () => {
    const wallet = hexToTron(anvilAddress(8));
    const trades = await json<Array<Record<string, unknown>>>(
      `/v1/history/tron/account/${wallet}/trades`,
    );
    // The sale of JM (3% tax) as the wallet made it: 100 JM left it, 97 reached the pool.
    expect(trades).toEqual([
      expect.objectContaining({ symbolIn: 'JM', amountIn: '100', symbolOut: 'TRX' }),
      expect.objectContaining({ symbolIn: 'USDT', amountIn: '7', symbolOut: 'TRX' }),
    ]);
    const pool = await json<Trade[]>(
      `/v1/history/tron/trades/${hexToTron(tronToken('TRX'))}/${hexToTron(tronToken('JM'))}?limit=200`,
    );
    expect(pool.find((t) => t.hash === trades[0]!.hash)).toMatchObject({ sellAmount: '97' });
    const router = hexToTron(chains.networks.find((n) => n.id === 'TRON')!.routers[0]!);
    expect(await json(`/v1/history/tron/account/${router}/trades`)).toEqual([]);
  });

  it("a taxed token's sale on BSC shows what left the wallet (7% of it never reached the pool)", async () => {
    const [sale] = await json<Array<Record<string, unknown>>>(
      `/v1/history/bsc/account/${anvilAddress(9)}/trades`,
    );
    expect(sale).toMatchObject({ symbolIn: 'O1T', amountIn: '1000', symbolOut: 'BNB' });
    const pool = await json<Trade[]>(
      `/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('O1T')}?limit=200`,
    );
    expect(pool.find((t) => t.hash === sale!.hash)).toMatchObject({ sellAmount: '930' });
  });

  it('info: reserves as on the chain, USD figures, fee APR, JM supply on TRON', async () => {
    const info = await json<{
      updatedAt: number;
      networks: Record<
        string,
        {
          pairs: Array<Record<string, unknown>>;
          tokens: Record<string, { priceUsd: number | null }>;
          jm?: Record<string, unknown>;
        }
      >;
    }>('/v1/info');
    const bsc = info.networks.BSC!;
    const pair = bsc.pairs.find((p) => p.symbolA === 'BNB' && p.symbolB === 'USDT')!;
    const reserves = await rpc<string>(chains.rpcUrl, 'eth_call', [
      { to: pair.address, data: '0x0902f1ac' },
      'latest',
    ]);
    const r0 = BigInt('0x' + reserves.slice(2, 66));
    const r1 = BigInt('0x' + reserves.slice(66, 130));
    const bnbIs0 = bscToken('BNB') < bscToken('USDT');
    const [rBnb, rUsdt] = bnbIs0 ? [r0, r1] : [r1, r0];
    expect(pair.reserveA).toBe(fmt(rBnb, 18));
    expect(pair.reserveB).toBe(fmt(rUsdt, 18));
    expect(bsc.tokens.USDT!.priceUsd).toBe(1);
    expect(bsc.tokens.BNB!.priceUsd).toBeGreaterThan(400);
    expect(pair.liquidityUsd as number).toBeGreaterThan(500_000);
    expect(pair.trades24H as number).toBeGreaterThan(0);
    const vol = pair.volume24HUsd as number;
    expect(pair.fees24HUsd).toBeCloseTo(vol * 0.0025, 9);
    expect(pair.aprPercent).toBeCloseTo(
      ((vol * 0.0025 * 365) / (pair.liquidityUsd as number)) * 100,
      9,
    );
    const tron = info.networks.TRON!;
    expect(tron.pairs[0]).toMatchObject({ symbolA: 'TRX', symbolB: 'JM' });
    expect(String(tron.pairs[0]!.address)).toMatch(/^T/);
    expect(tron.jm).toMatchObject({ burned: '2500000000', supply: '97500000000' });
    expect(tron.jm!.priceUsd as number).toBeGreaterThan(0);
  });

  it('TRON trades come from the event API, addresses in base58', async () => {
    const tron = chains.networks.find((n) => n.id === 'TRON')!;
    const trx = hexToTron(tron.tokensBySymbol.get('TRX')!.key);
    const jm = hexToTron(tron.tokensBySymbol.get('JM')!.key);
    const trades = await json<Trade[]>(`/v1/history/tron/trades/${jm}/${trx}`);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]!.trader).toMatch(/^T/);
    const bad = await get(`/v1/history/tron/trades/${tron.tokensBySymbol.get('JM')!.key}/${trx}`);
    expect(bad.statusCode).toBe(400);
  });

  it('TRON read block by block (following the head) stores the same as read per contract', async () => {
    const tron = chains.networks.find((n) => n.id === 'TRON')!;
    const other = await freshDb(kind);
    try {
      await new Indexer({
        db: other.db,
        network: tron,
        source: sourceFor(tron),
        maxRange: 4,
      }).syncToHead();
      const mine = await dumpNetwork(other.db, 'TRON');
      const full = await dumpNetwork(db, 'TRON');
      // The reference may have indexed a few more (idle) blocks: compare up to the same block.
      expect(mine.trades!.length).toBeGreaterThan(0);
      expect(mine.trades).toEqual(full.trades!.slice(0, mine.trades!.length));
      expect(mine.candles).toEqual(full.candles);
    } finally {
      await other.drop();
    }
  });

  it('approvals: the latest per token and router of an owner, on BSC and TRON (base58), validated', async () => {
    const owner = anvilAddress(7);
    const { approvals } = await json<{
      approvals: Array<{ token: string; spender: string; blockNumber: number }>;
    }>(`/v1/approvals?network=BSC&owner=${owner}`);
    const [router, liquidity] = chains.bsc.routers;
    const { rows } = await db.query<{ n: string }>(
      `SELECT max(block_number)::text AS n FROM approvals WHERE network = 'BSC' AND owner = $1
         AND token = $2`,
      [owner, bscToken('USDT')],
    );
    expect(approvals).toEqual(
      expect.arrayContaining([
        { token: bscToken('BUSD'), spender: router, blockNumber: expect.any(Number) },
        // The revoke (value 0) is the latest of USDT towards the liquidity router.
        { token: bscToken('USDT'), spender: liquidity, blockNumber: Number(rows[0]!.n) },
      ]),
    );
    expect(approvals).toHaveLength(2);
    // Lower case, upper case and the checksum spelling find the same; the network id either way.
    const upper = '0x' + owner.slice(2).toUpperCase();
    expect(await json<unknown>(`/v1/approvals?network=bsc&owner=${upper}`)).toEqual({
      approvals,
    });

    const tron = chains.networks.find((n) => n.id === 'TRON')!;
    const tronOwner = hexToTron(owner);
    expect(await json<unknown>(`/v1/approvals?network=TRON&owner=${tronOwner}`)).toEqual({
      approvals: [
        {
          token: hexToTron(tron.tokensBySymbol.get('JM')!.key),
          spender: hexToTron(tron.routers[0]!),
          blockNumber: expect.any(Number),
        },
      ],
    });
    expect(await json<unknown>(`/v1/approvals?network=bsc&owner=0x${'12'.repeat(20)}`)).toEqual({
      approvals: [],
    });

    const refused: Array<[string, number, RegExp]> = [
      [`/v1/approvals?network=TRON&owner=${owner}`, 400, /TRON base58/],
      [`/v1/approvals?network=BSC&owner=${tronOwner}`, 400, /0x \+ 40 hex/],
      [`/v1/approvals?network=SOL&owner=${owner}`, 400, /network must be equal/],
      [`/v1/approvals?network=ETH&owner=${owner}`, 404, /not indexed/],
      [`/v1/approvals?owner=${owner}`, 400, /network/],
      [`/v1/approvals?network=BSC&owner=${owner}&limit=5`, 400, /additional/],
    ];
    for (const [url, status, message] of refused) {
      const r = await get(url);
      expect({ url, status: r.statusCode, message: r.json().message }).toEqual({
        url,
        status,
        message: expect.stringMatching(message),
      });
    }

    // Rate-limited per client like the other public routes.
    const limited = await buildApp({
      db,
      networks: chains.networks,
      approvals: { rateLimit: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const url = `/v1/approvals?network=BSC&owner=${owner}`;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.inject(url)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('health, ready with the lag per network, CORS, cache headers, ETag and gzip', async () => {
    expect((await get('/health')).statusCode).toBe(200);
    const ready = await get('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().networks.BSC.lag).toBe(0);
    const r = await get('/v1/history/bsc/candles/1w/BNB/USDT', {
      origin: 'http://example.com',
      'accept-encoding': 'gzip',
    });
    expect(r.headers['access-control-allow-origin']).toBe('*');
    // The charts read the api's clock from it (a visitor's clock set hours wrong).
    expect(r.headers['access-control-expose-headers']).toBe('Date');
    expect(r.headers['cache-control']).toBe('public, max-age=600');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(r.rawPayload).toString())).toBeInstanceOf(Array);
    const again = await get('/v1/history/bsc/candles/1w/BNB/USDT', {
      'if-none-match': String(r.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The same answer in every encoding a client may ask for.
    const plain = await get('/v1/history/bsc/candles/1w/BNB/USDT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(r.headers.etag);
    const br = await get('/v1/history/bsc/candles/1w/BNB/USDT', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(r.rawPayload).toString()).toBe(plain.body);
    const t = await get(`/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('USDT')}`);
    expect(t.headers['cache-control']).toBe('public, max-age=60');
  });

  it('bad input answers 400/404 in the stable error body, never a 500 (fuzzed path parameters)', async () => {
    const bad = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom(
        '',
        '..',
        '%',
        '%zz',
        '%00',
        '💥',
        'null',
        '-1',
        '1e309',
        'a'.repeat(300),
        '0x' + 'g'.repeat(40),
        'T' + '1'.repeat(33),
      ),
    );
    const enc = (s: string) =>
      Math.random() < 0.5 ? encodeURIComponent(s) : s.replace(/[/?#\s]/g, '_');
    const btc = bscToken('BNB');
    const routes = [
      (x: string) => `/v1/history/${enc(x)}/candles/1w/BNB/USDT`,
      (x: string) => `/v1/history/bsc/candles/${enc(x)}/BNB/USDT`,
      (x: string) => `/v1/history/bsc/line/1w/${enc(x)}/USDT`,
      (x: string) => `/v1/history/bsc/candles/1w/BNB/${enc(x)}`,
      (x: string) => `/v1/history/bsc/trades/${enc(x)}/${btc}`,
      (x: string) => `/v1/history/tron/trades/${btc}/${enc(x)}`,
      (x: string) => `/v1/history/bsc/account/${enc(x)}/trades`,
      (x: string) => `/v1/history/bsc/account/${btc}/trades?limit=${enc(x)}`,
      (x: string) => `/v1/history/bsc/trades/${btc}/${bscToken('USDT')}?before=${enc(x)}`,
    ];
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: routes.length - 1 }), bad, async (i, value) => {
        const r = await get(routes[i]!(value));
        checked++;
        if (r.statusCode === 200) return; // some generated values are valid
        expect([400, 404, 414]).toContain(r.statusCode);
        expect(Object.keys(r.json()).sort()).toEqual(['error', 'message', 'statusCode']);
        expect(r.json().statusCode).toBe(r.statusCode);
      }),
      { numRuns: 400 },
    );
    expect(checked).toBe(400);
    const unknown = await get('/v1/nothing/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'Not Found',
      message: expect.any(String),
      statusCode: 404,
    });
  });

  it('candles and line in a range: from/to (ms) and the last N, each its own cached answer', async () => {
    const all = await json<Candle[]>('/v1/history/bsc/candles/all/BNB/USDT');
    expect(all.length).toBeGreaterThan(10);
    const from = all[3]!.dt;
    const to = all[8]!.dt;
    expect(
      await json<Candle[]>(`/v1/history/bsc/candles/all/BNB/USDT?from=${from}&to=${to}`),
    ).toEqual(all.slice(3, 9));
    // Bounds between two buckets take the buckets inside.
    expect(
      await json<Candle[]>(`/v1/history/bsc/candles/all/BNB/USDT?from=${from - 1}&to=${to + 1}`),
    ).toEqual(all.slice(3, 9));
    expect(await json<Candle[]>('/v1/history/bsc/candles/all/BNB/USDT?limit=5')).toEqual(
      all.slice(-5),
    );
    expect(await json<Candle[]>(`/v1/history/bsc/candles/all/BNB/USDT?to=${to}&limit=2`)).toEqual(
      all.slice(7, 9),
    );
    expect(await json<Candle[]>(`/v1/history/bsc/candles/all/BNB/USDT?from=${to}`)).toEqual(
      all.slice(8),
    );
    expect(
      await json<Array<{ value: number; dt: number }>>(
        `/v1/history/bsc/line/all/BNB/USDT?from=${from}&limit=3`,
      ),
    ).toEqual(all.slice(-3).map((c) => ({ value: c.c, dt: c.dt })));
    // Only the range's buckets are read from the database: any range of any window is still
    // exactly that part of the window's whole series, holes filled from the candle before it.
    const windows = ['all', '1y', '1w', '1d'] as const;
    const whole = new Map<string, Candle[]>();
    for (const w of windows)
      for (const [a, b] of [
        ['BNB', 'USDT'],
        ['USDT', 'BNB'],
      ])
        whole.set(`${w}/${a}/${b}`, await json<Candle[]>(`/v1/history/bsc/candles/${w}/${a}/${b}`));
    const dts = all.map((c) => c.dt);
    const edge = fc.oneof(
      fc.constantFrom(...dts),
      fc.constantFrom(...dts).map((dt) => dt + 1),
      fc.constantFrom(...dts).map((dt) => dt - 1),
    );
    const ranges = fc.sample(
      fc.record({
        w: fc.constantFrom(...windows),
        invert: fc.boolean(),
        from: fc.option(edge, { nil: undefined }),
        to: fc.option(edge, { nil: undefined }),
        limit: fc.option(fc.integer({ min: 1, max: all.length + 2 }), { nil: undefined }),
      }),
      { numRuns: 40, seed: 25 },
    );
    for (const r of ranges) {
      if (r.from !== undefined && r.to !== undefined && r.from > r.to) continue;
      const pair = r.invert ? 'USDT/BNB' : 'BNB/USDT';
      let expected = whole
        .get(`${r.w}/${pair}`)!
        .filter(
          (c) => (r.from === undefined || c.dt >= r.from) && (r.to === undefined || c.dt <= r.to),
        );
      if (r.limit !== undefined) expected = expected.slice(-r.limit);
      const q = new URLSearchParams(
        Object.entries({ from: r.from, to: r.to, limit: r.limit })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      expect({
        r,
        got: await json<Candle[]>(`/v1/history/bsc/candles/${r.w}/${pair}?${q}`),
      }).toEqual({ r, got: expected });
    }
    const inverted = await json<Candle[]>('/v1/history/bsc/candles/all/USDT/BNB?limit=1');
    expect(inverted[0]!.c).toBeCloseTo(1 / all.at(-1)!.c, 9);
    // A range answer has its own ETag and compressed body.
    const r = await get('/v1/history/bsc/candles/all/BNB/USDT?limit=5', {
      'accept-encoding': 'br',
    });
    expect(r.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(r.rawPayload).toString())).toEqual(all.slice(-5));
    const full = await get('/v1/history/bsc/candles/all/BNB/USDT');
    expect(r.headers.etag).not.toBe(full.headers.etag);
    for (const [q, message] of [
      [`from=${to}&to=${from}`, /from must not be after/],
      ['limit=0', /limit must be >= 1/],
      ['limit=20001', /limit must be <= 20000/],
      ['from=-1', /from must be >= 0/],
      ['to=1e309', /to/],
      ['from=abc', /from must be integer/],
    ] as const) {
      const bad = await get(`/v1/history/bsc/candles/all/BNB/USDT?${q}`);
      expect({ q, status: bad.statusCode, message: bad.json().message }).toEqual({
        q,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
  });

  it("new trades stored by the api's own indexer replace its cached chart, trade and account answers at once", async () => {
    const url = '/v1/history/bsc/candles/1w/BNB/USDT?limit=1';
    const before = await get(url);
    const tradesUrl = `/v1/history/bsc/trades/${bscToken('BNB')}/${bscToken('USDT')}?limit=1`;
    const accountUrl = `/v1/history/bsc/account/${anvilAddress(5)}/trades?limit=1`;
    const tradesBefore = (await get(tradesUrl)).json();
    const accountBefore = (await get(accountUrl)).json();
    const indexer = new Indexer({
      db,
      network: chains.bsc,
      source: sourceFor(chains.bsc),
      // What the indexer plugin wires (plugins/indexer.ts).
      onCandles: (pairs) => app.candleChanges.emit('candles', 'BSC', pairs),
    });
    await swapBnbForUsdt(chains, 7n * 10n ** 17n, 5);
    await indexer.syncToHead();
    // Within the cache's 5 s: without the indexer's signal this would still be the old answer.
    const after = await get(url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()[0].c).not.toBe(before.json()[0].c);
    // The newest trade of the pair and of the wallet is the one just made.
    const [trade] = (await get(tradesUrl)).json();
    expect(trade.hash).not.toBe(tradesBefore[0]?.hash);
    expect((await get(accountUrl)).json()).toEqual([expect.objectContaining({ hash: trade.hash })]);
    expect(accountBefore[0]?.hash).not.toBe(trade.hash);
  });
});

function fmt(v: bigint, d: number) {
  const s = v.toString().padStart(d + 1, '0');
  const frac = s.slice(-d).replace(/0+$/, '');
  return s.slice(0, -d) + (frac ? '.' + frac : '');
}
