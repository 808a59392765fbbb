/**
 * Routing over a thousand pools: main-thread time of what the swap box runs per
 * keystroke (an exact-in estimate, then an exact-out one) over a graph shaped like the devnet's
 * large profile: 300 listed tokens, each with a pool against the stable coin and the wrapped base
 * coin, most against a neighbour token too, and a few hubs paired with each other. Figures only.
 *
 * Runs under jest for its swc transform (the texts' macros): `npm run bench:routing -w
 * @jmswap/shared-chain` (BENCH_TOKENS=300 BENCH_RUNS=200 to change the sizes).
 */
import { estimateAmountNeeded, estimateSwap, type EstimateToken } from './estimate';
import type { PoolReserves } from './paths';

const tokenCount = Number(process.env.BENCH_TOKENS ?? 300);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const print = (line: string) => process.stdout.write(`${line}\n`);

let seed = 0x25;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const E18 = 10n ** 18n;
const amount = () => BigInt(Math.floor(1_000 + random() * 1_000_000)) * E18;

const hubs = ['WBNB', 'USDT', 'BUSD', 'BTCB', 'ETH'];
const tokens: Record<string, EstimateToken> = {};
for (const hub of hubs)
  tokens[hub] = { tax: 0, decimals: 18, ...(hub === 'WBNB' ? { isBase: true } : {}) };
const listed = Array.from(
  { length: tokenCount - hubs.length },
  (_, i) => `TK${String(i + 1).padStart(3, '0')}`,
);
listed.forEach((symbol, i) => (tokens[symbol] = { tax: i % 17 === 0 ? 5 : 0, decimals: 18 }));

const pools: PoolReserves[] = [];
const pool = (symbolA: string, symbolB: string) =>
  pools.push({ symbolA, symbolB, reserveA: amount(), reserveB: amount() });
for (let i = 0; i < hubs.length; i += 1)
  for (let j = i + 1; j < hubs.length; j += 1) pool(hubs[i]!, hubs[j]!);
listed.forEach((symbol, i) => {
  pool(symbol, 'USDT');
  pool(symbol, 'WBNB');
  if (i % 3 !== 2) pool(symbol, listed[(i + 1) % listed.length]!);
  if (i % 10 === 0) pool(symbol, hubs[2 + (i % 3)]!);
});

const cases: Array<[string, string]> = [
  ['WBNB', 'USDT'], // hub to hub: every listed token is an intermediate
  ['TK001', 'TK150'],
  ['TK010', 'USDT'],
  ['BTCB', 'TK222'],
];

/**
 * One token table per snapshot, as the swap box's (withDetectedTaxes keeps one per set of
 * detected taxes): the first keystroke on a snapshot searches the paths and ranks the routes.
 */
function keystroke(from: string, to: string) {
  estimateSwap({ tokens, pools, from, to, amountIn: 12n * E18 });
  estimateAmountNeeded({ tokens, pools, from, to, amountOut: 12n * E18 });
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

it('prints the routing figures', () => {
  print(
    `routing bench: ${Object.keys(tokens).length} tokens, ${pools.length} pools, 3-token paths`,
  );
  for (const [from, to] of cases) {
    const first = performance.now();
    keystroke(from, to);
    const firstMs = performance.now() - first;
    const times: number[] = [];
    for (let r = 0; r < runs; r += 1) {
      const t = performance.now();
      keystroke(from, to);
      times.push(performance.now() - t);
    }
    print(
      `  ${`${from} -> ${to}`.padEnd(16)} first ${firstMs.toFixed(2)} ms, then median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms per keystroke (goal <= 16 ms; 4x CPU throttle <= 50 ms)`,
    );
  }
});
