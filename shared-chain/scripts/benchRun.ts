/**
 * shared-chain benchmark (figures only, nothing asserts). Run: `npx tsx shared-chain/scripts/bench.ts`
 * (add --quick to skip the one-minute idle measurement); bench.ts compiles this file's Lingui
 * macros first.
 *
 *  - HTTP requests to the node per estimate with a warm cache (goal 0), per refresh cycle of the
 *    swap page (balances of the pair + reserves), per idle minute of a connected swap page;
 *  - time to compute a 3-hop estimate over all TRON pools (production token list, synthetic reserves);
 *  - gzip size of shared-chain bundled (esbuild, minified, code splitting) with and without tronweb.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { setNetworks } from '../src/config/registry';
import type { NetworksFile, TokenConfig } from '../src/config/types';
import { network$ } from '../src/bus/session';
import { estimateSwap } from '../src/core/estimate';
import type { PoolReserves } from '../src/core/paths';
import { requestCount } from '../src/adapters/evm/helpers';
import {
  connectWallet,
  disconnectWallet,
  getBalances,
  getPairReserves,
  resetReaders,
} from '../src/services';
import { getSwapEstimate } from '../src/swap';

const { linguiEsbuildPlugin } = require('@jmswap/mf-config') as {
  linguiEsbuildPlugin: () => import('esbuild').Plugin;
};

const quick = process.argv.includes('--quick');
// The repository (this file runs bundled from node_modules/.cache: no __dirname of its own).
const root = join(require.resolve('@jmswap/shared-chain/package.json'), '..', '..');
const lines: string[] = [];
const out = (line: string) => {
  lines.push(line);
  console.log(line);
};

interface DevnetModule {
  startDevnet(
    opts: Record<string, unknown>,
  ): Promise<{ config: NetworksFile; stop(): Promise<void> }>;
}

async function requests(): Promise<void> {
  const { startDevnet } = (await import('@jmswap/devnet')) as DevnetModule;
  const devnet = await startDevnet({
    networks: ['BSC'],
    ports: { BSC: 18746 },
    history: false,
    configPath: false,
  });
  try {
    const file: NetworksFile = { ...devnet.config, profile: 'local' };
    setNetworks(file);
    network$.next('BSC');
    const n = file.networks.BSC;
    const session = await connectWallet('dev');
    const owner = session!.address!;
    const [from, to] = n.defaultTokens;
    const count = () => requestCount(n.nodeUrl);

    // Estimates with a warm cache.
    await getPairReserves('BSC');
    let before = count();
    const runs = 200;
    for (let i = 1; i <= runs; i += 1)
      await getSwapEstimate({ from, to, amountIn: BigInt(i) * 10n ** 15n });
    out(
      `requests per estimate, warm cache: ${(count() - before) / runs} (${runs} estimates, ${count() - before} requests)`,
    );

    // One refresh cycle of the swap page: balances of the pair + reserves, cold caches.
    resetReaders();
    before = count();
    await Promise.all([
      getBalances([from, to], owner, 'BSC'),
      getPairReserves('BSC'),
      getSwapEstimate({ from, to, amountIn: 10n ** 16n }),
    ]);
    out(
      `requests per swap-page refresh (2 balances + 3 reserve pages + estimate): ${count() - before}`,
    );

    if (!quick) {
      // An idle minute of a connected swap page: balances every 12 s, reserves and the estimate
      // every 15 s (the hooks' intervals), wallet data every 20 s (the session's timer).
      before = count();
      const timers = [
        setInterval(() => void getBalances([from, to], owner, 'BSC'), 12_000),
        setInterval(() => {
          void getPairReserves('BSC');
          void getSwapEstimate({ from, to, amountIn: 10n ** 16n });
        }, 15_000),
      ];
      await new Promise((r) => setTimeout(r, 60_000));
      timers.forEach(clearInterval);
      out(`requests per idle minute (connected swap page): ${count() - before}`);
    } else {
      out('requests per idle minute: skipped (--quick)');
    }
    await disconnectWallet();
  } finally {
    await devnet.stop();
  }
}

function tronEstimateTime(): void {
  const production = JSON.parse(
    readFileSync(join(root, 'shared-chain', 'config', 'networks.production.json'), 'utf8'),
  ) as NetworksFile;
  const tron = production.networks.TRON;
  const tokens: Record<string, TokenConfig> = {};
  for (const t of Object.values(tron.tokens))
    tokens[t.symbol] = { ...t, isBase: t.symbol === tron.baseToken };
  // Synthetic reserves: 1e6 whole tokens against 2e5..2.2e6 TRX per pool.
  const pools: PoolReserves[] = tron.pools.map((p, i) => ({
    symbolA: p.symbolA,
    symbolB: p.symbolB,
    reserveA: BigInt(200_000 + i * 100_000) * 10n ** BigInt(tokens[p.symbolA]!.decimals),
    reserveB: 1_000_000n * 10n ** BigInt(tokens[p.symbolB]!.decimals),
  }));
  const query = { tokens, pools, from: 'USDT', to: 'CYFM', amountIn: 1_000n * 10n ** 6n };
  const first = estimateSwap(query)!;
  const runs = 2000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) estimateSwap(query);
  const micros = (process.hrtime.bigint() - started) / BigInt(runs) / 1000n;
  out(
    `3-hop estimate over all ${pools.length} TRON pools (${first.path.join(' -> ')}): ${micros} us each (${runs} runs)`,
  );
}

async function bundleSizes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'shared-chain-bench-'));
  try {
    const result = await build({
      entryPoints: [join(root, 'shared-chain', 'src', 'index.ts')],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      outdir: dir,
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      metafile: true,
      logLevel: 'silent',
      plugins: [linguiEsbuildPlugin()],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const outputs = result.metafile.outputs;
    const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;
    const abs = (f: string) => (f.startsWith('/') ? f : join(process.cwd(), f));
    /** A chunk and every chunk it imports statically. */
    const closure = (start: string, into = new Set<string>()): Set<string> => {
      if (into.has(start)) return into;
      into.add(start);
      for (const imp of outputs[start]?.imports ?? [])
        if (imp.kind === 'import-statement' && !imp.external) closure(imp.path, into);
      return into;
    };
    const dynamicTargets = (from: Iterable<string>) =>
      [...from].flatMap((f) =>
        (outputs[f]?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
      );
    const entry = Object.keys(outputs).find((f) =>
      outputs[f]?.entryPoint?.endsWith('src/index.ts'),
    )!;
    const initial = closure(entry);
    const byInput = (needle: string) =>
      dynamicTargets(initial).filter((f) =>
        Object.keys(outputs[f]?.inputs ?? {}).some((i) => i.includes(needle)),
      );
    const lazyClosure = (roots: string[]) => {
      const set = new Set<string>();
      for (const r of roots) closure(r, set);
      for (const f of initial) set.delete(f);
      return set;
    };
    const tron = lazyClosure(byInput('adapters/tron/'));
    const wc = lazyClosure(byInput('@walletconnect/ethereum-provider'));
    const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(abs(f)), 0);
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    const files = Object.keys(outputs).filter((f) => f.endsWith('.js'));
    out(
      `bundle of shared-chain (esbuild, minified, code splitting, gzip -9; react external): ${files.length} chunks, ${kib(sum(files))} in all`,
    );
    out(
      `  without tronweb (what an EVM page loads, static closure of the entry): ${kib(sum(initial))}`,
    );
    out(
      `  with tronweb (+ the lazy TRON adapter and its chunks): ${kib(sum(initial) + sum(tron))} (+${kib(sum(tron))})`,
    );
    out(`  lazy WalletConnect (only when the mobile wallet is chosen): +${kib(sum(wc))}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  tronEstimateTime();
  await bundleSizes();
  await requests();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
