// What an operator sees — JSON log lines and the Prometheus figures — while the
// api answers users and its indexer follows a real local chain.
import type { FastifyInstance } from 'fastify';
import { buildAdminApp, buildApp } from './app';
import { Metrics } from './metrics';
import { readCursor } from './indexer/store';
import { startTestChains, swapBnbForUsdt, rpc, type TestChains } from './test/chain';
import { freshDb } from './test/databases';
import { LEVEL, memoryLogger, sample, waitFor, type LogLine } from './test/observe';
import type { Db } from './db/db';

const WALLET = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'; // anvil key 6, checksummed

let chains: TestChains;
let db: Db;
let drop: () => Promise<void>;
let app: FastifyInstance;
let admin: FastifyInstance;
let lines: LogLine[];
const metrics = new Metrics();

const head = async () => Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));
const scrape = async () => {
  const r = await admin.inject('/metrics');
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.body;
};
const caughtUp = async () => ((await readCursor(db, 'BSC'))?.blockNumber ?? -1) >= (await head());

beforeAll(async () => {
  chains = await startTestChains({ swaps: 8 });
  await swapBnbForUsdt(chains, 5n * 10n ** 16n, 6);
  ({ db, drop } = await freshDb('pglite'));
  const memory = memoryLogger('debug');
  lines = memory.lines;
  app = await buildApp({
    db,
    networks: [chains.bsc],
    indexer: { pollMs: 100 },
    logger: memory.logger,
    metrics,
  });
  admin = await buildAdminApp({ db, metrics, logger: memory.logger });
  await app.ready(); // starts the indexer
  await waitFor('the indexer to reach the head', caughtUp);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await admin?.close();
  await drop?.();
  await chains?.stop();
});

describe('GET /metrics', () => {
  it('is served by the admin listener only: the public one answers 404', async () => {
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect((await admin.inject('/metrics')).statusCode).toBe(200);
  });

  it('the indexer figures: head, cursor, lag, writer, events stored, and they move with a new swap', async () => {
    const before = await scrape();
    const h = await head();
    const net = { network: 'BSC' };
    expect(sample(before, 'jmswap_api_indexer_head_block', net)).toBe(h);
    expect(sample(before, 'jmswap_api_indexer_cursor_block', net)).toBe(h);
    expect(sample(before, 'jmswap_api_indexer_lag_blocks', net)).toBe(0);
    expect(sample(before, 'jmswap_api_indexer_writer', net)).toBe(1);
    const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM trades`);
    const stored = sample(before, 'jmswap_api_indexer_events_stored_total', {
      network: 'BSC',
      kind: 'trade',
    });
    expect(stored).toBe(Number(rows[0]!.n));
    expect(sample(before, 'jmswap_api_indexer_batches_total', net)).toBeGreaterThan(0);

    await swapBnbForUsdt(chains, 10n ** 16n);
    await waitFor('the indexer to store the swap', caughtUp);
    const after = await scrape();
    expect(
      sample(after, 'jmswap_api_indexer_events_stored_total', { network: 'BSC', kind: 'trade' }),
    ).toBe(stored! + 1);
    expect(sample(after, 'jmswap_api_indexer_cursor_block', net)).toBe(await head());
    // Nothing failed, nothing failed over.
    expect(sample(after, 'jmswap_api_indexer_errors_total', net) ?? 0).toBe(0);
    expect(sample(after, 'jmswap_api_db_errors_total') ?? 0).toBe(0);
  });

  it('request counts and latency per route pattern move with each answered request', async () => {
    const route = '/v1/history/:net/account/:address/trades';
    const labels = { route, method: 'GET', status: '200' };
    const before = await scrape();
    const count0 = sample(before, 'jmswap_api_http_requests_total', labels) ?? 0;
    const hist0 = sample(before, 'jmswap_api_http_request_duration_seconds_count', { route }) ?? 0;
    for (let i = 0; i < 3; i++)
      expect((await app.inject(`/v1/history/bsc/account/${WALLET}/trades`)).statusCode).toBe(200);
    expect((await app.inject('/v1/history/bsc/candles/1w/BNB/NOPE')).statusCode).toBe(404);
    expect((await app.inject('/no/such/route')).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'jmswap_api_http_requests_total', labels)).toBe(count0 + 3);
    expect(sample(after, 'jmswap_api_http_request_duration_seconds_count', { route })).toBe(
      hist0 + 3,
    );
    const candles404 = { route: '/v1/history/:net/candles/:time/:a/:b', status: '404' };
    expect(sample(after, 'jmswap_api_http_requests_total', candles404)).toBe(
      (sample(before, 'jmswap_api_http_requests_total', candles404) ?? 0) + 1,
    );
    // Unknown urls share one label: a scanner cannot blow up the series count.
    const unmatched = { route: '(unmatched)' };
    expect(sample(after, 'jmswap_api_http_requests_total', unmatched)).toBe(
      (sample(before, 'jmswap_api_http_requests_total', unmatched) ?? 0) + 1,
    );
    // The bucket a fast answer falls in is counted (le="+Inf" holds every request).
    expect(
      sample(after, 'jmswap_api_http_request_duration_seconds_bucket', { route, le: '+Inf' }),
    ).toBe(hist0 + 3);
  });

  it('listing requests by status, read at each scrape', async () => {
    const form = new FormData();
    const fields = {
      name: 'Moon Token',
      network: 'TRON',
      type: 'TRC-20',
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      tax: '5',
      supply: '1000000',
      website: 'https://moon.example',
      email: 'team@moon.example',
      telegram: '@moontoken',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const body = new Response(form);
    const r = await app.inject({
      method: 'POST',
      url: '/v1/listing',
      headers: { 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(r.statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'jmswap_api_listing_requests', { status: 'new' })).toBe(1);
    expect(sample(text, 'jmswap_api_listing_requests', { status: 'listed' })).toBe(0);
  });
});

describe('log lines', () => {
  it('one JSON line per request: reqId (also the X-Request-Id header), level, route, status, time', async () => {
    const r = await app.inject(`/v1/history/bsc/account/${WALLET}/trades?limit=7&before=1`);
    expect(r.statusCode).toBe(200);
    const id = r.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = lines.find((l) => l.reqId === id && l.msg === 'request completed')!;
    expect(line).toMatchObject({
      level: LEVEL.info,
      route: '/v1/history/:net/account/:address/trades',
      method: 'GET',
      statusCode: 200,
      service: 'jmswap-api',
    });
    expect(typeof line.time).toBe('number');
    expect(typeof line.responseTime).toBe('number');
    // A proxy's request id is kept, so its access line and ours match.
    const proxied = await app.inject({ url: '/v1/info', headers: { 'x-request-id': 'edge-42' } });
    expect(proxied.headers['x-request-id']).toBe('edge-42');
    expect(lines.some((l) => l.reqId === 'edge-42' && l.route === '/v1/info')).toBe(true);
    // Not a header to inject into our lines.
    const odd = await app.inject({ url: '/v1/info', headers: { 'x-request-id': 'a"b\nc' } });
    expect(odd.headers['x-request-id']).not.toBe('a"b\nc');
  });

  it('no wallet address, query string or client address at info level and above', async () => {
    await app.inject(`/v1/history/bsc/account/${WALLET}/trades?limit=3&before=99`);
    await app.inject({
      url: `/v1/history/bsc/account/${WALLET.toLowerCase()}/trades?limit=999`,
      remoteAddress: '203.0.113.77',
    });
    const visible = JSON.stringify(lines.filter((l) => l.level >= LEVEL.info)).toLowerCase();
    expect(visible).not.toContain(WALLET.toLowerCase().slice(2));
    expect(visible).not.toContain('before=');
    expect(visible).not.toContain('limit=');
    expect(visible).not.toContain('203.0.113.77');
    // The validation error (limit 999) is a line with its status, nothing more.
    expect(
      lines.some(
        (l) => l.statusCode === 400 && l.route === '/v1/history/:net/account/:address/trades',
      ),
    ).toBe(true);
  });

  it('the indexer logs each stored range at debug (network, blocks, events, ms) and its lock at info', async () => {
    const ranges = lines.filter((l) => l.msg === 'range stored');
    expect(ranges.length).toBeGreaterThan(0);
    for (const l of ranges) {
      expect(l.level).toBe(LEVEL.debug);
      expect(l).toMatchObject({
        network: 'BSC',
        component: 'indexer',
        from: expect.any(Number),
        to: expect.any(Number),
        blocks: expect.any(Number),
        events: expect.any(Number),
        ms: expect.any(Number),
      });
    }
    // The seeded history: at least one range with events.
    expect(ranges.some((l) => (l.events as number) > 0)).toBe(true);
    expect(
      lines.some(
        (l) => l.level === LEVEL.info && l.msg === 'indexing: this process writes the network',
      ),
    ).toBe(true);
  });
});
