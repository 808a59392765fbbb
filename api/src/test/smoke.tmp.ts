import { startDevnet } from '@jmswap/devnet';
import { openPglite } from '/work/main/api/src/db/db';
import { migrate } from '/work/main/api/src/db/migrate';
import { indexedNetworks } from '/work/main/api/src/config';
import { Indexer } from '/work/main/api/src/indexer/indexer';
import { sourceFor } from '/work/main/api/src/indexer/sources';
import { buildApp } from '/work/main/api/src/app';
(async () => {
  let t = Date.now();
  const dn = await startDevnet({
    networks: ['BSC', 'TRON'],
    ports: { BSC: 18546 },
    tronPorts: { node: 18090, anvil: 18545 },
    history: { swaps: 40, days: 4 },
    configPath: false,
  });
  console.log('devnet', Date.now() - t);
  t = Date.now();
  const db = openPglite();
  await migrate(db);
  const nets = indexedNetworks(dn.config as never);
  console.log(nets.map((n) => [n.id, n.pools.size]));
  for (const n of nets) {
    const ix = new Indexer({ db, network: n, source: sourceFor(n), log: console.log });
    await ix.syncToHead();
    console.log(n.id, 'synced', Date.now() - t);
    t = Date.now();
  }
  const app = await buildApp({ db, networks: nets });
  for (const u of [
    '/v1/history/bsc/candles/1w/BNB/USDT',
    '/v1/history/bsc/line/1w/USDT/BNB',
    '/v1/history/tron/candles/all/TRX/JM',
    '/v1/info',
    '/ready',
    '/v1/history/bsc/candles/1x/BNB/USDT',
    '/nope',
  ]) {
    const r = await app.inject(u);
    console.log(u, r.statusCode, r.body.slice(0, 400));
  }
  const bsc = nets.find((n) => n.id === 'BSC')!;
  const r = await app.inject(
    `/v1/history/bsc/trades/${bsc.tokensBySymbol.get('BNB')!.key}/${bsc.tokensBySymbol.get('USDT')!.key}?limit=3`,
  );
  console.log(r.statusCode, r.body.slice(0, 600));
  const tr = nets.find((n) => n.id === 'TRON')!;
  const { hexToTron } = await import('/work/main/api/src/chain/address');
  const r2 = await app.inject(
    `/v1/history/tron/trades/${hexToTron(tr.tokensBySymbol.get('TRX')!.key)}/${hexToTron(tr.tokensBySymbol.get('JM')!.key)}?limit=2`,
  );
  console.log(r2.statusCode, r2.body.slice(0, 600));
  await app.close();
  await db.close();
  await dn.stop();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
