// Which chain a node serves, asked before its first answer is used: on TRON from the genesis
// block's id (a real devnode, and in front of it a node of another chain: the same devnode with
// Nile's genesis id, as a mistyped url would reach), on EVM with eth_chainId (a real anvil),
// asked again after the node failed.
import { createServer, type Server } from 'node:http';
import { startAnvil, startDevnode, type AnvilInstance } from '@jmswap/devnet';
import type { IndexedNetwork } from '../config';
import { memoryLogger, LEVEL } from '../test/observe';
import { freePort } from '../test/postgres-server';
import { startRpcProxy, type RpcProxy } from '../test/rpc-proxy';
import { ChainCheck } from './chainCheck';
import { NodePool } from './nodePool';
import { JsonRpc } from './rpc';
import { TronSource } from './tronSource';

const TRON_MAINNET = 728126428;
/** Nile's chain id: its genesis block id ends with cd8690dc. */
const NILE = 0xcd8690dc;

/** The devnode, but its genesis block id is Nile's: a node of another TRON chain. */
async function otherTronChain(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => {
      void (async () => {
        const real = await fetch(target + req.url, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          ...(req.method === 'POST' ? { body } : {}),
        });
        let text = await real.text();
        const asked = body ? (JSON.parse(body) as { id_or_num?: string }) : {};
        if (req.url === '/wallet/getblock' && asked.id_or_num === '0') {
          const block = JSON.parse(text) as { blockID: string };
          block.blockID = block.blockID.slice(0, 56) + NILE.toString(16);
          text = JSON.stringify(block);
        }
        res.writeHead(real.status, { 'content-type': 'application/json' }).end(text);
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('TRON: the genesis block id', () => {
  let devnode: Awaited<ReturnType<typeof startDevnode>>;
  let other: Awaited<ReturnType<typeof otherTronChain>>;
  beforeAll(async () => {
    devnode = await startDevnode({ anvilPort: await freePort(), port: 0 });
    other = await otherTronChain(devnode.url);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await devnode?.stop();
  });

  it("a node of another chain is set aside and reported once; the devnode's answers are used", async () => {
    const { logger, lines } = memoryLogger();
    const reports: string[] = [];
    const chainCheck = new ChainCheck({
      network: 'TRON',
      platform: 'tron',
      expected: TRON_MAINNET,
      logger,
      report: async (cause) => void reports.push(cause),
    });
    const pool = new NodePool({ network: 'TRON', urls: [other.url, devnode.url], chainCheck });
    const source = new TronSource({ id: 'TRON' } as IndexedNetwork, pool);
    const head = await source.head();
    expect(head).toBeGreaterThanOrEqual(0);
    expect(await source.head()).toBeGreaterThanOrEqual(head);
    const label = new URL(other.url).host;
    expect(pool.wrongChain).toEqual([{ label, chain: NILE }]);
    expect(reports).toEqual([
      `TRON: node ${label} is on chain ${NILE}, not ${TRON_MAINNET}; the api set it aside until it restarts: correct its nodeUrls entry`,
    ]);
    expect(lines.filter((l) => l.level === LEVEL.error)).toHaveLength(1);
    expect(pool.current().url).toBe(devnode.url);
  });
});

describe('EVM: eth_chainId', () => {
  let anvil: AnvilInstance;
  let proxy: RpcProxy;
  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: 31056 });
    proxy = await startRpcProxy(anvil.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await anvil?.stop();
  });

  it('is asked once, and again before the first answer after the node failed', async () => {
    const chainCheck = new ChainCheck({ network: 'BSC', platform: 'evm', expected: 31056 });
    const rpc = new JsonRpc(
      new NodePool({ network: 'BSC', urls: [proxy.url], chainCheck, quarantineMs: 50 }),
    );
    const methods = () => proxy.calls.flatMap((c) => c.methods);
    await rpc.call('eth_blockNumber');
    await rpc.call('eth_blockNumber');
    expect(methods()).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_blockNumber']);
    proxy.answer = () => ({ status: 503 });
    await expect(rpc.call('eth_blockNumber')).rejects.toThrow(/HTTP 503/);
    proxy.answer = () => 'pass';
    await new Promise((r) => setTimeout(r, 60));
    proxy.calls.length = 0;
    await rpc.call('eth_blockNumber');
    expect(methods()).toEqual(['eth_chainId', 'eth_blockNumber']);
  });
});
