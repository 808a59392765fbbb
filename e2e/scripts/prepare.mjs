// node e2e/scripts/prepare.mjs: seeds and saves the e2e chains (fixtures/prepare.ts), ahead of
// `npm test -w @jmswap/e2e`.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { prepareE2e } = require('../fixtures/prepare.ts');
await prepareE2e();
