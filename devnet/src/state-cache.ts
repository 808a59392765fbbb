/**
 * The seeded chains saved to disk, so a second start restores them in a second instead of
 * deploying and seeding again (~40 s). One entry per network: anvil's own state dump (blocks,
 * receipts and accounts, loaded with `--load-state`) and a small meta file (the deployed config,
 * for TRON the devnode's contract registry). The key hashes everything that decides the seeded
 * state, so a change to the contracts, the deploy/seed code, the production config or the
 * options misses the cache and deploys fresh.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ARTIFACTS_DIR, DEVNET_ROOT } from './artifacts';
import { REPO_ROOT } from './config/production';
import type { NetworkConfig } from './config/types';

export const STATE_CACHE_DIR = join(REPO_ROOT, '.run', 'devnet-state');
/**
 * A cache older than this is seeded again: history is seeded up to the moment of seeding, and
 * the last day's figures (24 h trades and volume, the 1-day chart) would thin out as it ages.
 */
export const STATE_MAX_AGE_MS = 12 * 3600_000;

/** A contract the TRON devnode knows by ABI; `name` as deployNetwork's onContract gives it. */
export interface CachedContract {
  address: string;
  name: string;
}

export interface CachedMeta {
  key: string;
  createdAt: number;
  /** deployNetwork's result (0x addresses); nodeUrl is rewritten to the running node. */
  config: NetworkConfig;
  contracts?: CachedContract[];
}

export interface CacheHit {
  stateFile: string;
  meta: CachedMeta;
}

export interface StateCacheOptions {
  dir?: string;
  maxAgeMs?: number;
  /** Ignore the saved entries (deploy and seed) but save the new ones. */
  refresh?: boolean;
  log?: (line: string) => void;
}

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

let codeHash: string | undefined;

/**
 * Hash of the code and artifacts that decide a seeded chain: the compiled contracts, every
 * non-test source of the devnet (deploy, seed, the TRON start) and the anvil version.
 */
export function devnetCodeHash(): string {
  if (codeHash) return codeHash;
  const h = createHash('sha256');
  const sources = walk(join(DEVNET_ROOT, 'src'), []).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('/test/'),
  );
  const artifacts = existsSync(ARTIFACTS_DIR)
    ? readdirSync(ARTIFACTS_DIR)
        .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
        .map((f) => join(ARTIFACTS_DIR, f))
    : [];
  for (const file of [...sources, ...artifacts].sort()) {
    h.update(`${relative(DEVNET_ROOT, file)}\0`);
    h.update(readFileSync(file));
    h.update('\0');
  }
  try {
    h.update(`anvil ${(require('@foundry-rs/anvil/package.json') as { version: string }).version}`);
  } catch {
    h.update(`anvil ${process.env.ANVIL_BIN ?? 'unknown'}`);
  }
  codeHash = h.digest('hex');
  return codeHash;
}

/** "12 min ago", "3.5 h ago". */
export function ago(ms: number): string {
  const minutes = Math.round((Date.now() - ms) / 60000);
  return minutes < 90 ? `${minutes} min ago` : `${(minutes / 60).toFixed(1)} h ago`;
}

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

export class StateCache {
  readonly dir: string;
  readonly maxAgeMs: number;
  private readonly refresh: boolean;
  private readonly log: (line: string) => void;

  constructor(opts: StateCacheOptions = {}) {
    this.dir = opts.dir ?? STATE_CACHE_DIR;
    this.maxAgeMs = opts.maxAgeMs ?? STATE_MAX_AGE_MS;
    this.refresh = opts.refresh ?? false;
    this.log = opts.log ?? (() => {});
  }

  /** The cache key of one network's seeded state: the code hash plus every option given. */
  key(network: string, options: unknown): string {
    return createHash('sha256')
      .update(json({ v: 1, network, code: devnetCodeHash(), options }))
      .digest('hex')
      .slice(0, 20);
  }

  private files(network: string, key: string) {
    const base = join(this.dir, `${network}-${key}`);
    return { state: `${base}.state.json`, meta: `${base}.meta.json` };
  }

  /** The saved state of `network` under `key`, unless missing, unreadable or too old. */
  find(network: string, key: string): CacheHit | undefined {
    const { state, meta } = this.files(network, key);
    if (this.refresh || !existsSync(state) || !existsSync(meta)) return undefined;
    try {
      const parsed = JSON.parse(readFileSync(meta, 'utf8')) as CachedMeta;
      const age = Date.now() - parsed.createdAt;
      if (parsed.key !== key || statSync(state).size === 0) return undefined;
      if (!(age >= 0 && age <= this.maxAgeMs)) {
        this.log(`${network}: saved chain is ${(age / 3600_000).toFixed(1)} h old; seeding again`);
        return undefined;
      }
      return { stateFile: state, meta: parsed };
    } catch {
      return undefined;
    }
  }

  /**
   * Saves the chain behind `rpcUrl` (anvil_dumpState) with its meta, replacing any older entry of
   * the same network. The meta is written last: a half-written entry is never found.
   */
  async save(
    network: string,
    key: string,
    rpcUrl: string,
    meta: Omit<CachedMeta, 'key' | 'createdAt'>,
  ): Promise<void> {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
    });
    const body = (await res.json()) as { result?: string; error?: { message: string } };
    if (!body.result) throw new Error(`anvil_dumpState: ${body.error?.message ?? 'no result'}`);
    const state = gunzipSync(Buffer.from(body.result.slice(2), 'hex'));
    mkdirSync(this.dir, { recursive: true });
    for (const f of readdirSync(this.dir)) {
      if (f.startsWith(`${network}-`)) rmSync(join(this.dir, f), { force: true });
    }
    const files = this.files(network, key);
    const write = (path: string, data: string | Buffer) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(`${path}.tmp`, data);
      renameSync(`${path}.tmp`, path);
    };
    write(files.state, state);
    write(files.meta, JSON.stringify({ key, createdAt: Date.now(), ...meta }));
  }
}
