#!/usr/bin/env node
// `npm run devnet`: the four local EVM chains (+ TRON when devnet/src/tron exists), contracts
// deployed and seeded, .run/config/networks.json written; stays up until Ctrl-C.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { compile } = await import('./compile.mjs');
compile({ quiet: true });
const { runDevnetCli } = require('../src/devnet.ts');
await runDevnetCli();
