#!/usr/bin/env node
// jmswap-tsc: what the packages' `typecheck` scripts run, TypeScript 7 (the native compiler,
// the same checker as TypeScript 5 ported to Go): every package in 14 s and 25 CPU-s on the quiet
// two-core machine; in `npm test`, beside the unit tests, the step went from 246 s to 52-72 s.
// TypeScript 5 stays the `typescript` package: ESLint, madge and Module Federation load its
// JavaScript API, which TypeScript 7 does not have.
// Same arguments as tsc (`-p tsconfig.json`, `-b`).
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');

// Its bin is `tsc`, like TypeScript 5's, so npm links only one: start it by path.
const pkg = require.resolve('typescript7/package.json');
import(pathToFileURL(join(dirname(pkg), 'bin', 'tsc')).href);
