import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DEVNET_ROOT = join(__dirname, '..');
export const ARTIFACTS_DIR = join(DEVNET_ROOT, 'artifacts');
const CONTRACTS_DIR = join(DEVNET_ROOT, 'contracts');

export type ContractName =
  | 'JMSwapFactory'
  | 'JMSwapPair'
  | 'JMSwapRouter'
  | 'JMSwapLiquidityRouter'
  | 'JMSwapInfo'
  | 'WrappedBase'
  | 'RetaxableToken'
  | 'TaxedToken'
  | 'UsdtStyleToken'
  | 'HoneypotToken'
  | 'TokenProbe';

export interface Artifact {
  contractName: string;
  abi: unknown[];
  bytecode: string;
  deployedBytecode: string;
}

let checked = false;

/** Runs scripts/compile.mjs when an artifact is missing or older than a contract source. */
export function ensureCompiled(): void {
  if (checked) return;
  const info = join(ARTIFACTS_DIR, '.build-info.json');
  const stale =
    !existsSync(info) ||
    readdirSync(CONTRACTS_DIR).some(
      (f) => statSync(join(CONTRACTS_DIR, f)).mtimeMs > statSync(info).mtimeMs,
    );
  // compile.mjs itself compares a hash of the sources and settings, so this is cheap when fresh.
  if (stale) {
    execFileSync(process.execPath, [join(DEVNET_ROOT, 'scripts', 'compile.mjs')], {
      stdio: 'inherit',
    });
  }
  checked = true;
}

const cache = new Map<string, Artifact>();

export function loadArtifact(name: ContractName): Artifact {
  const hit = cache.get(name);
  if (hit) return hit;
  ensureCompiled();
  const artifact = JSON.parse(
    readFileSync(join(ARTIFACTS_DIR, `${name}.json`), 'utf8'),
  ) as Artifact;
  cache.set(name, artifact);
  return artifact;
}
