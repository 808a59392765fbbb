#!/usr/bin/env node
// Figures: contract compile time (forced, cold) and cold `devnet` time to ready with the four EVM
// chains deployed and seeded (TRON excluded). Uses the devnet ports: stop a running devnet first.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { compile } = await import('./compile.mjs');

const c = compile({ force: true, quiet: true });
console.log(
  `compile (solc-js ${require('solc/package.json').version}, all contracts, forced): ${c.ms} ms`,
);

const { startDevnet } = require('../src/devnet.ts');
const started = Date.now();
const devnet = await startDevnet({ networks: ['BSC', 'POLY', 'BTTC', 'ETH'], configPath: false });
const ms = Date.now() - started;
await devnet.stop();
console.log(
  `devnet cold start to ready (BSC, POLY, BTTC, ETH deployed + 40 past swaps each): ${ms} ms`,
);
