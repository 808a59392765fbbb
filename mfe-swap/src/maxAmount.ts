import type { NetworkConfig, TokenConfig } from '@jmswap/shared-chain';
import { maxSpendable, validateSwap } from '@jmswap/shared-chain/swap';

/**
 * MAX: the whole token balance; for the base coin, the balance minus what the fees need: on
 * TRON the energy rule's reserve for the longest route; on EVM the swap's real gas cost
 * (`gasReserve`: gas limit x gas price with a margin), else 400 000 gas at the network's fixed
 * price, else 1/100 of a coin (shared-chain's `maxSpendable`, as the liquidity panel's MAX).
 */
export function maxSellAmount(
  network: NetworkConfig,
  token: TokenConfig,
  balance: bigint,
  energy?: bigint,
  gasReserve?: bigint,
): bigint {
  return maxSpendable(network, token, balance, {
    energy,
    gasReserve,
    pathLength: network.exchange.MAX_HOP_LENGTH,
  });
}

/**
 * The spec's balance text ("Insufficient balance", or "… of selected token") when a quote sells
 * more than the wallet holds (SWAP's own rule); undefined when it does not, or the balance is not
 * read yet.
 */
export function balanceShortText(
  quote: { amountIn: bigint; amountOut: bigint },
  from: TokenConfig,
  to: TokenConfig,
  balance: bigint | undefined,
): string | undefined {
  if (balance === undefined) return undefined;
  const check = validateSwap({
    fromToken: from.symbol,
    toToken: to.symbol,
    fromAmount: quote.amountIn,
    toAmount: quote.amountOut,
    fromIsBase: !!from.isBase,
    fromBalance: balance,
  });
  return !check.ok && check.code.startsWith('INSUFFICIENT_') ? check.message : undefined;
}

const NO_PAIRS: ReadonlySet<string> = new Set();

/** Each symbol's direct-pool partners, built once per network's pool list. */
const partnersByPools = new WeakMap<NetworkConfig['pools'], Map<string, Set<string>>>();

function partnersOf(pools: NetworkConfig['pools']): Map<string, Set<string>> {
  const known = partnersByPools.get(pools);
  if (known !== undefined) return known;
  const partners = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    const set = partners.get(a) ?? new Set<string>();
    partners.set(a, set.add(b));
  };
  for (const p of pools) {
    link(p.symbolA, p.symbolB);
    link(p.symbolB, p.symbolA);
  }
  partnersByPools.set(pools, partners);
  return partners;
}

/**
 * Symbols that share a direct pool with `symbol` (the "Direct pair available" icon). The same
 * set each time for one network and symbol: with a thousand pools, walking them on every
 * keystroke's render cost more than the rest of the box's render, and the token
 * selectors keep their render while the set is the same.
 */
export function directPairsOf(network: NetworkConfig, symbol?: string): ReadonlySet<string> {
  if (!symbol) return NO_PAIRS;
  return partnersOf(network.pools).get(symbol) ?? NO_PAIRS;
}
