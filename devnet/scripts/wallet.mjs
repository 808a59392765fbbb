#!/usr/bin/env node
// `npm run wallet -- [wc:…] [--network BSC] [--account 1] [--config FILE]`: a WalletConnect
// wallet on this machine for the site `npm start` serves (devnet/src/walletconnect/cli.ts).
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { runWalletCli } = require('../src/walletconnect/cli.ts');
try {
  await runWalletCli(process.argv.slice(2));
} catch (e) {
  console.error(`wallet: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
