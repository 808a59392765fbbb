// One indexer process (the two-writers test starts two): prints "ready", then "writer" once it
// holds the network's advisory lock.
import { openPostgres } from '../db/db';
import { EvmSource } from '../chain/evmSource';
import { Indexer } from '../indexer/indexer';
import type { IndexedNetwork } from '../config';

const raw = JSON.parse(process.env.NETWORK!);
const network: IndexedNetwork = {
  ...raw,
  tokens: new Map(raw.tokens),
  tokensBySymbol: new Map(raw.tokensBySymbol),
  pools: new Map(raw.pools),
};
const db = openPostgres(process.env.DATABASE_URL!);
const ix = new Indexer({ db, network, source: new EvmSource(process.env.RPC_URL!), pollMs: 100 });
ix.start();
console.log('ready');
const timer = setInterval(() => {
  if (ix.writer) {
    console.log('writer');
    clearInterval(timer);
  }
}, 100);
