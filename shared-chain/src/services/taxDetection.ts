/**
 * Token taxes detected on chain. The config's tax is what a project declared; the
 * chain's is what the token takes. Each token is probed once per TAX_RECHECK_MS per network by
 * a simulated small buy from the base coin (see the readers' probeTransferTax): the router's
 * own answer says what the last pair sent and what arrived. Nothing is signed or sent.
 *
 * Why this probe: it is one constant call that every node answers (eth_call with a `from` that
 * holds base coin, and TRON's triggerconstantcontract, which has no state override); a state
 * override would work on EVM nodes only, and an eth_call alone cannot read a balance change.
 */
import { readerFor } from '../singleton';
import { poolsAround } from './pools';
import type { NetworkConfig } from '../config/types';
import type { PoolReserves } from '../core/paths';
import { estimateSwap } from '../core/estimate';
import {
  PROBE_RESERVE_DIVISOR,
  TAX_RECHECK_MS,
  checkTax,
  taxOfTransfer,
  type TaxCheck,
} from '../core/taxDetection';

// services/swap.ts loads this module (and the core it uses) on the first quote only.
export { withDetectedTaxes } from '../core/taxDetection';

interface Entry {
  at: number;
  check: Promise<TaxCheck>;
}

const detections = new Map<string, Entry>();

/** How much base coin the probe buys with: 0.1% of the base side of the token's pool. */
export function probeAmount(
  network: NetworkConfig,
  pools: readonly PoolReserves[],
  symbol: string,
): bigint {
  const base = network.baseToken;
  const baseSide = (p: PoolReserves) =>
    p.symbolA === base ? p.reserveA : p.symbolB === base ? p.reserveB : undefined;
  const direct = pools.find((p) => p.symbolA === symbol || p.symbolB === symbol);
  const sides = (direct && baseSide(direct) !== undefined ? [direct] : pools)
    .map(baseSide)
    .filter((r): r is bigint => r !== undefined && r > 0n);
  if (sides.length === 0) return 0n;
  const smallest = sides.reduce((a, b) => (a < b ? a : b));
  return smallest / PROBE_RESERVE_DIVISOR;
}

async function probe(network: NetworkConfig, symbol: string): Promise<TaxCheck> {
  const token = network.tokens[symbol];
  const configured = token?.tax ?? 0;
  if (!token || token.isBase || symbol === network.baseToken) return checkTax(symbol, 0, undefined);
  const reader = await readerFor(network);
  const pools = await poolsAround(network, [symbol]);
  const amountIn = pools ? probeAmount(network, pools, symbol) : 0n;
  if (!pools || amountIn === 0n || !reader.probeTransferTax) {
    return checkTax(symbol, configured, undefined);
  }
  const route = estimateSwap({
    tokens: network.tokens,
    pools,
    from: network.baseToken,
    to: symbol,
    amountIn,
    maxHopLength: network.exchange.MAX_HOP_LENGTH,
  });
  const reading = route ? await reader.probeTransferTax(route.path, amountIn) : undefined;
  const detected = reading ? taxOfTransfer(reading.sent, reading.received) : undefined;
  return checkTax(symbol, configured, detected);
}

/**
 * The tax check of each symbol: cached per network and token for TAX_RECHECK_MS, so the first
 * quote after that detects again. A failed probe keeps the config's tax (and is asked again
 * on the next quote).
 */
export async function detectTaxes(
  network: NetworkConfig,
  symbols: readonly string[],
  now: () => number = Date.now,
): Promise<Record<string, TaxCheck>> {
  const entries = [...new Set(symbols)].map((symbol) => {
    const key = `${network.id}:${symbol}`;
    const hit = detections.get(key);
    if (hit && now() - hit.at < TAX_RECHECK_MS) return [symbol, hit.check] as const;
    const check = probe(network, symbol).catch(() =>
      checkTax(symbol, network.tokens[symbol]?.tax ?? 0, undefined),
    );
    const entry = { at: now(), check };
    detections.set(key, entry);
    void check.then((c) => {
      if (c.detected === undefined && detections.get(key) === entry) detections.delete(key);
    });
    return [symbol, check] as const;
  });
  const checks = await Promise.all(entries.map(async ([s, c]) => [s, await c] as const));
  return Object.fromEntries(checks);
}

/** Forget every detection (tests; a network's config reloaded). */
export function resetTaxDetection(): void {
  detections.clear();
}
