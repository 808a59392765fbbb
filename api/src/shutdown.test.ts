// Stopping the api (SIGTERM) and killing it (kill -9), as the process `npm start`
// runs (scripts/api.mjs), its node behind a proxy that slows the chain down on demand.
import type { Db } from './db/db';
import {
  removeNetworksFiles,
  spawnApi,
  writeNetworksFile,
  type ApiProcess,
} from './test/api-process';
import {
  headBlock,
  rpc,
  startTestChains,
  swapBnbForUsdt,
  swapLogCount,
  type TestChains,
} from './test/chain';
import { freshDb } from './test/databases';
import { dumpNetwork } from './test/dump';
import { waitFor } from './test/observe';
import { startRpcProxy, type RpcProxy } from './test/rpc-proxy';
import { readCursor } from './indexer/store';
import { Indexer } from './indexer/indexer';
import { sourceFor } from './indexer/sources';

let chains: TestChains;
let proxy: RpcProxy;
let networksFile: string;
const procs: ApiProcess[] = [];

beforeAll(async () => {
  chains = await startTestChains({ swaps: 6 });
  proxy = await startRpcProxy(chains.rpcUrl);
  networksFile = writeNetworksFile(chains, (config) => {
    const networks = config.networks as Record<string, { nodeUrl: string; nodeUrls?: string[] }>;
    networks.BSC!.nodeUrl = proxy.url;
    networks.BSC!.nodeUrls = [proxy.url];
  });
}, 180_000);
afterAll(async () => {
  removeNetworksFiles();
  for (const p of procs) p.child.kill('SIGKILL');
  await proxy?.close();
  await chains?.stop();
});

const head = () => headBlock(chains);
const swapLogs = () => swapLogCount(chains);
const tradeCount = async (db: Db) =>
  Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM trades WHERE network = 'BSC'`))
      .rows[0]!.n,
  );
/** Resolves at the first eth_getLogs the proxy sees over `block` (by range or by its hash). */
const logsOver = async (block: number) => {
  const { hash } = await rpc<{ hash: string }>(chains.rpcUrl, 'eth_getBlockByNumber', [
    `0x${block.toString(16)}`,
    false,
  ]);
  await waitFor(
    `eth_getLogs over block ${block}`,
    () =>
      proxy.calls.some((c) =>
        c.methods.some((m, i) => {
          if (m !== 'eth_getLogs') return false;
          const q = c.params[i]![0] as { fromBlock?: string; toBlock?: string; blockHash?: string };
          if (q.blockHash) return q.blockHash === hash;
          return Number(q.fromBlock) <= block && block <= Number(q.toBlock);
        }),
      ),
    30_000,
    5,
  );
};

async function start(url: string | undefined): Promise<ApiProcess> {
  const api = await spawnApi({ networksFile, env: { DATABASE_URL: url! } });
  procs.push(api);
  await waitFor(
    '/ready',
    async () => (await fetch(`${api.url}/ready`)).status === 200,
    90_000,
    200,
  );
  return api;
}

it('SIGTERM: no new connections, the request in flight is answered, the range being read is stored, exit 0 within 10 s', async () => {
  const { db, url, drop } = await freshDb('postgres');
  try {
    const api = await start(url);
    proxy.calls.length = 0;
    // From now on the node answers slowly: the indexer's next head and range, and /ready's
    // head (the writer's followed one is then older than two block times), take 2.5 s.
    proxy.answer = (c) =>
      c.methods.includes('eth_getLogs') ||
      c.methods.includes('eth_blockNumber') ||
      c.methods.includes('eth_getBlockByNumber')
        ? { delayMs: 2500 }
        : 'pass';
    await swapBnbForUsdt(chains, 10n ** 16n);
    const swapBlock = await head();
    await logsOver(swapBlock);

    let inFlightDone = false;
    const inFlight = fetch(`${api.url}/ready`).then(
      async (r) => ({ status: r.status, body: await r.json() }),
      (e: Error) => ({ status: 0, body: e.message }),
    );
    void inFlight.finally(() => (inFlightDone = true));
    await new Promise((r) => setTimeout(r, 100));
    const sentAt = Date.now();
    api.child.kill('SIGTERM');
    // The listener closes: a new connection is refused, while the request in flight still runs.
    let late = '';
    await waitFor(
      'new connections refused',
      async () => {
        late = await fetch(`${api.url}/health`).then(
          (r) => `answered ${r.status}`,
          (e: Error) => String((e.cause as { code?: string } | undefined)?.code ?? e.message),
        );
        // While the listener closes, a connection still in its backlog is reset (ECONNRESET);
        // closed, the port refuses.
        return late === 'ECONNREFUSED';
      },
      3000,
      50,
    );
    expect(late).toBe('ECONNREFUSED');
    expect(inFlightDone).toBe(false);
    // The request that was in flight gets its whole answer.
    const answered = await inFlight;
    expect([200, 503]).toContain(answered.status);
    expect(answered.body).toHaveProperty('ready');

    const { code, at } = await api.exited;
    expect(code).toBe(0);
    // How long it took is a figure (logged below), not a bound for a loaded runner.
    const tookMs = at - sentAt;
    // The range the indexer was reading when the signal came was finished and stored.
    expect((await readCursor(db, 'BSC'))!.blockNumber).toBeGreaterThanOrEqual(swapBlock);
    expect(await tradeCount(db)).toBe(await swapLogs());
    const lines = api.lines();
    expect(lines.some((l) => l.msg === 'indexer stopped' && l.network === 'BSC')).toBe(true);
    expect(lines.some((l) => /^stopping: /.test(l.msg))).toBe(false);
    expect(lines.at(-1)).toMatchObject({ msg: 'api stopped', signal: 'SIGTERM' });
    console.log(`SIGTERM with a 2.5 s range in flight: exit 0 after ${tookMs} ms`);
  } finally {
    proxy.answer = () => 'pass';
    await drop();
  }
});

it('kill -9 in the middle of a range loses and doubles nothing: the next start resumes from the cursor', async () => {
  const { db, url, drop } = await freshDb('postgres');
  const reference = await freshDb('postgres');
  try {
    const api = await start(url);
    proxy.calls.length = 0;
    proxy.answer = (c) => (c.methods.includes('eth_getLogs') ? { delayMs: 1000 } : 'pass');
    await swapBnbForUsdt(chains, 3n * 10n ** 16n);
    await swapBnbForUsdt(chains, 4n * 10n ** 16n, 4);
    await logsOver(await head());
    api.child.kill('SIGKILL');
    expect((await api.exited).signal).toBe('SIGKILL');
    proxy.answer = () => 'pass';
    const again = await start(url);
    await waitFor(
      'the restart to catch up',
      async () => ((await readCursor(db, 'BSC'))?.blockNumber ?? -1) >= (await head()),
    );
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    await new Indexer({
      db: reference.db,
      network: chains.bsc,
      source: sourceFor(chains.bsc),
    }).syncToHead();
    expect(await dumpNetwork(db, 'BSC')).toEqual(await dumpNetwork(reference.db, 'BSC'));
    expect(await tradeCount(db)).toBe(await swapLogs());
  } finally {
    proxy.answer = () => 'pass';
    await reference.drop();
    await drop();
  }
});
