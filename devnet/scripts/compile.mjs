#!/usr/bin/env node
// Compiles devnet/contracts/*.sol with solc-js (standard JSON, evmVersion paris, optimizer on) into
// devnet/artifacts/<Contract>.json ({ contractName, abi, bytecode, deployedBytecode }).
// Skips the work when artifacts/.build-info.json matches the sources and settings (use --force).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const contractsDir = join(root, 'contracts');
const artifactsDir = join(root, 'artifacts');
const infoFile = join(artifactsDir, '.build-info.json');

const settings = {
  evmVersion: 'paris',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

const require = createRequire(import.meta.url);
const solcVersion = require('solc/package.json').version;

function readSources() {
  const sources = {};
  for (const file of readdirSync(contractsDir).sort()) {
    if (file.endsWith('.sol'))
      sources[file] = { content: readFileSync(join(contractsDir, file), 'utf8') };
  }
  return sources;
}

export function sourcesHash(sources = readSources()) {
  const h = createHash('sha256');
  h.update(JSON.stringify({ settings, solcVersion }));
  for (const [name, { content }] of Object.entries(sources)) h.update(`${name}\0${content}\0`);
  return h.digest('hex');
}

export function isUpToDate() {
  if (!existsSync(infoFile)) return false;
  try {
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    return (
      info.hash === sourcesHash() &&
      info.contracts.every((c) => existsSync(join(artifactsDir, `${c}.json`)))
    );
  } catch {
    return false;
  }
}

export function compile({ force = false, quiet = false } = {}) {
  const sources = readSources();
  const hash = sourcesHash(sources);
  if (!force && isUpToDate()) {
    if (!quiet) console.log('devnet contracts: artifacts up to date');
    return { compiled: false, ms: 0 };
  }
  const started = Date.now();
  const solc = require('solc');
  const input = { language: 'Solidity', sources, settings };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  for (const e of output.errors ?? []) {
    if (e.severity !== 'error' && !quiet) console.warn(e.formattedMessage);
  }
  if (errors.length) {
    for (const e of errors) console.error(e.formattedMessage);
    throw new Error(`solc: ${errors.length} error(s)`);
  }
  mkdirSync(artifactsDir, { recursive: true });
  const written = [];
  for (const [file, contracts] of Object.entries(output.contracts)) {
    for (const [name, c] of Object.entries(contracts)) {
      const bytecode = c.evm.bytecode.object;
      if (!bytecode) continue; // interfaces, abstract contracts, libraries without code
      const deployed = c.evm.deployedBytecode.object;
      writeFileSync(
        join(artifactsDir, `${name}.json`),
        JSON.stringify(
          {
            contractName: name,
            sourceName: file,
            abi: c.abi,
            bytecode: `0x${bytecode}`,
            deployedBytecode: `0x${deployed}`,
          },
          null,
          1,
        ),
      );
      written.push({ name, size: deployed.length / 2 });
    }
  }
  writeFileSync(
    infoFile,
    JSON.stringify({ hash, solcVersion, settings, contracts: written.map((w) => w.name) }, null, 1),
  );
  const ms = Date.now() - started;
  if (!quiet) {
    for (const w of written)
      console.log(`  ${w.name.padEnd(24)} ${String(w.size).padStart(6)} bytes`);
    console.log(
      `devnet contracts: compiled ${written.length} contracts with solc ${solcVersion} in ${ms} ms`,
    );
  }
  for (const w of written) {
    if (w.size > 24576)
      throw new Error(`${w.name} is ${w.size} bytes, above the 24576-byte code size limit`);
  }
  return { compiled: true, ms };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    compile({ force: process.argv.includes('--force') });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
