// PostgreSQL stops under a running api (a real server, `pg_ctl stop -m fast`)
// and comes back on the same port. The api is the process `npm start` runs.
import pg from 'pg';
import { TOPICS } from '../chain/events';
import {
  removeNetworksFiles,
  spawnApi,
  writeNetworksFile,
  type ApiProcess,
} from '../test/api-process';
import { startTestChains, swapBnbForUsdt, rpc, type TestChains } from '../test/chain';
import { LEVEL, sample, waitFor } from '../test/observe';
import { startPostgres, type PostgresServer } from '../test/postgres-server';

let chains: TestChains;
let server: PostgresServer;
let api: ApiProcess | undefined;

beforeAll(async () => {
  [chains, server] = await Promise.all([startTestChains({ swaps: 6 }), startPostgres()]);
}, 180_000);
afterAll(async () => {
  removeNetworksFiles();
  api?.child.kill('SIGKILL');
  await chains?.stop();
  server?.stop();
});

/** Swap logs of the configured pairs on the chain, and the sums of their four amounts. */
async function chainSwaps() {
  const logs = await rpc<Array<{ data: string }>>(chains.rpcUrl, 'eth_getLogs', [
    {
      fromBlock: '0x0',
      toBlock: 'latest',
      topics: [TOPICS.Swap],
      address: [...chains.bsc.pools.keys()],
    },
  ]);
  const sums = [0n, 0n, 0n, 0n];
  for (const l of logs)
    for (let i = 0; i < 4; i++) sums[i]! += BigInt('0x' + l.data.slice(2 + 64 * i, 66 + 64 * i));
  return { count: logs.length, sums: sums.map(String) };
}

async function storedSwaps() {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `SELECT count(*)::text AS n, count(DISTINCT (tx_hash, log_index))::text AS d,
         sum(amount0_in)::text AS a, sum(amount1_in)::text AS b, sum(amount0_out)::text AS c,
         sum(amount1_out)::text AS e FROM trades WHERE network = 'BSC'`,
    );
    const r = rows[0]!;
    return { count: Number(r.n), distinct: Number(r.d), sums: [r.a, r.b, r.c, r.e] };
  } finally {
    await client.end();
  }
}

const get = (path: string, init?: RequestInit) => fetch(api!.url + path, init);

it('answers 503 + Retry-After while PostgreSQL is down, keeps /health, says why in /ready, and recovers by itself with every event stored once', async () => {
  api = await spawnApi({
    networksFile: writeNetworksFile(chains),
    env: { DATABASE_URL: server.url },
  });
  await waitFor('/ready', async () => (await get('/ready')).status === 200, 90_000, 250);
  const bnb = chains.bsc.tokensBySymbol.get('BNB')!.key;
  const usdt = chains.bsc.tokensBySymbol.get('USDT')!.key;
  const tradesPath = `/v1/history/bsc/trades/${bnb}/${usdt}?limit=200`;
  const before = (await (await get(tradesPath)).json()) as unknown[];
  expect(before.length).toBeGreaterThan(0);
  expect((await storedSwaps()).count).toBe((await chainSwaps()).count);
  const cursorLine = () =>
    api!
      .lines()
      .filter((l) => l.msg === 'range stored')
      .at(-1);
  // The api writes its lines in chunks (every 250 ms): wait for the line of the range that
  // moved the stored cursor where it is.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    `SELECT block_number::int AS n FROM indexer_cursor WHERE network = 'BSC'`,
  );
  await client.end();
  await waitFor(
    'the last stored range in the log',
    () => cursorLine()?.to === rows[0]!.n,
    10_000,
    50,
  );
  const cursorBefore = cursorLine()!.to as number;

  server.halt();
  const stoppedAt = Date.now();

  // What users get: a JSON 503 that says to come back, on every route that reads the database.
  for (const path of [
    // A page not asked before (the one above is in the 5 s answer cache, served meanwhile).
    tradesPath.replace('limit=200', 'limit=199'),
    '/v1/info',
    '/v1/history/bsc/account/0x976EA74026E726554dB657fA54763abd0C3a0aa9/trades',
    '/v1/history/bsc/candles/1m/BNB/USDT', // not asked before: not in the 5 s answer cache
  ]) {
    const r = await get(path);
    expect({ path, status: r.status }).toEqual({ path, status: 503 });
    expect(r.headers.get('retry-after')).toBe('5');
    expect(await r.json()).toEqual({
      error: 'Service Unavailable',
      message: 'The database is unavailable; try again in a few seconds',
      statusCode: 503,
    });
  }
  // The listing form, too (its duplicate check reads the database).
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Moon Token',
    network: 'TRON',
    type: 'TRC-20',
    contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    tax: '5',
    supply: '1000000',
    website: 'https://moon.example',
    email: 'team@moon.example',
    telegram: '@moontoken',
  }))
    form.append(k, v);
  const listing = await get('/v1/listing', { method: 'POST', body: form });
  expect(listing.status).toBe(503);
  expect(listing.headers.get('retry-after')).toBe('5');

  // What a load balancer and an operator see.
  expect((await get('/health')).status).toBe(200);
  const ready = await get('/ready');
  expect(ready.status).toBe(503);
  const body = (await ready.json()) as {
    ready: boolean;
    message: string;
    database: string;
    networks: Record<string, { status: string; head: number }>;
  };
  expect(body.ready).toBe(false);
  expect(body.message).toMatch(/^database unreachable: (connection refused|server shutting down)/);
  expect(body.database).toMatch(/^unreachable: /);
  expect(body.networks.BSC!.status).toBe('unknown (no database)');
  expect(body.networks.BSC!.head).toBeGreaterThan(0);
  const metrics = await (await fetch(`${api.adminUrl}/metrics`)).text();
  expect(sample(metrics, 'jmswap_api_db_errors_total', { kind: 'unavailable' })).toBeGreaterThan(0);

  // Trades made while the database is away are stored once it is back.
  await swapBnbForUsdt(chains, 10n ** 16n);
  await swapBnbForUsdt(chains, 2n * 10n ** 16n, 4);
  await waitFor(
    'the indexer to notice',
    () => api!.lines().some((l) => l.cause === 'database' && l.time >= stoppedAt),
    30_000,
  );
  await new Promise((r) => setTimeout(r, 2000));
  expect(api.child.exitCode).toBeNull();

  server.resume();
  const resumedAt = Date.now();
  await waitFor('/ready after the restart', async () => (await get('/ready')).status === 200);
  const onChain = await chainSwaps();
  await waitFor('the new trades', async () => (await storedSwaps()).count >= onChain.count);
  const recovered = Date.now() - resumedAt;

  const stored = await storedSwaps();
  expect(stored).toEqual({ count: onChain.count, distinct: onChain.count, sums: onChain.sums });
  expect(((await (await get(tradesPath)).json()) as unknown[]).length).toBe(before.length + 2);
  // Log lines are written in batches (flushed every 250 ms): wait for the ones read below.
  const logged = (msg: string, since: number) =>
    api!.lines().some((l) => l.msg === msg && l.time >= since);
  await waitFor(
    'the log lines of the recovery',
    async () =>
      logged('range stored', stoppedAt) &&
      logged('indexing: this process writes the network', resumedAt),
  );
  // The indexer went on from its cursor: the first range after the outage starts right after it.
  const after = api
    .lines()
    .filter((l) => l.msg === 'range stored' && l.time >= stoppedAt)
    .at(0)!;
  expect(after.from).toBe(cursorBefore + 1);
  expect(
    api
      .lines()
      .some((l) => l.msg === 'indexing: this process writes the network' && l.time >= resumedAt),
  ).toBe(true);

  // Nothing crashed and nothing went unhandled.
  expect(api.child.exitCode).toBeNull();
  const end = await (await fetch(`${api.adminUrl}/metrics`)).text();
  expect(sample(end, 'jmswap_api_unhandled_errors_total') ?? 0).toBe(0);
  expect(
    api.lines().filter((l) => l.level >= LEVEL.error && /unhandled|uncaught/.test(l.msg)),
  ).toEqual([]);
  expect(sample(end, 'jmswap_api_listing_requests', { status: 'new' })).toBe(0);
  console.log(`postgres outage: recovered ${recovered} ms after the server was back`);

  api.child.kill('SIGTERM');
  expect((await api.exited).code).toBe(0);
});
