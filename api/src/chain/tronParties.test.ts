// Who traded on TRON: the event API does not name a swap's sender, so the indexer asks the node
// for each transaction with a swap (and, for a taxed token's, its transfers). A node that cannot
// tell must not make the indexer guess: nothing is stored until it can, then the trade is the
// wallet's, with what the wallet itself sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import { Indexer } from '../indexer/indexer';
import { sourceFor } from '../indexer/sources';
import { readCursor } from '../indexer/store';
import { freshDb } from '../test/databases';
import { anvilAddress, startTestChains, swapTokens, type TestChains } from '../test/chain';

let chains: TestChains;
let tron: IndexedNetwork;
let server: Server;
/** While true, the proxy answers `{}` (no transaction) to the transaction reads. */
let blind = true;
let proxyUrl = '';

beforeAll(async () => {
  chains = await startTestChains({ tron: true, swaps: 1 });
  tron = indexedNetworks(chains.devnet.config as unknown as NetworksFile).find(
    (n) => n.id === 'TRON',
  )!;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (blind && /gettransaction(info)?byid/.test(req.url ?? '')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const answer = await fetch(tron.nodeUrl.replace(/\/$/, '') + req.url, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await chains?.stop();
});

it("stores no trade while the node cannot tell a swap's sender, then the wallet's sale with what left it", async () => {
  const key = (s: string) => tron.tokensBySymbol.get(s)!.key;
  // Wallet 8 sells 100 JM (3% tax) for TRX: the router pays out the TRX, 97 JM reach the pool.
  const hash = await swapTokens(
    chains.tronAnvilUrl!,
    tron.routers[0]!,
    [key('JM'), key('TRX')],
    100n * 10n ** 8n,
    8,
    key('TRX'),
    [3, 0],
  );
  const network = { ...tron, nodeUrl: proxyUrl, nodeUrls: [proxyUrl] };
  const { db, drop } = await freshDb('pglite');
  try {
    const indexer = () =>
      new Indexer({ db, network, source: sourceFor(network, { timeoutMs: 3000 }) });
    await expect(indexer().syncToHead()).rejects.toThrow(/without its sender/);
    const stored = async () =>
      (
        await db.query<{ trader: string; amount_b: string; paid: string | null }>(
          `SELECT trader, amount_b::text, paid::text FROM trades WHERE network = 'TRON' AND tx_hash = $1`,
          [hash.slice(2)],
        )
      ).rows;
    expect(await stored()).toEqual([]);
    const cursor = (await readCursor(db, 'TRON'))?.blockNumber ?? -1;

    blind = false;
    await indexer().syncToHead();
    expect((await readCursor(db, 'TRON'))!.blockNumber).toBeGreaterThan(cursor);
    expect(await stored()).toEqual([
      {
        trader: anvilAddress(8),
        amount_b: String(97n * 10n ** 8n),
        paid: String(100n * 10n ** 8n),
      },
    ]);
  } finally {
    await drop();
  }
});
