/**
 * Where the policy's allow-list comes from. The widget origin's /config/networks.json says which
 * routers, tokens and pools a network has; a compromised origin could rewrite it. So a network
 * can be pinned: by the partner (mount option `pin`) and by JMSwap (the production allow-list
 * baked into this versioned SDK file at build time, from shared-chain's
 * config/networks.production.json). For a pinned network the fetched config must agree with
 * every pin (chain id, both routers, the address and tax of each token both name, the address of
 * each pool both name) or every request is refused; then only what every pin names is allowed.
 */
import { addressKey } from './address';
import type { SdkNetwork, SdkPool, SdkToken } from './policy';

/** A network's allow-list: the fields of its networks.json entry that the policy trusts. */
export interface PinnedNetwork {
  chainId?: number;
  exchange: { ROUTER_ADDRESS: string; LIQUIDITY_ROUTER: string };
  /** By symbol; the base coin's address is its wrapped contract. */
  tokens: Record<string, { address: string; tax?: number }>;
  /** The only pools swaps and liquidity may use; none when absent. */
  pools?: { symbolA: string; symbolB: string; address?: string }[];
}

export type Pins = Partial<Record<string, PinnedNetwork>>;

export type Trusted = { ok: true; network: SdkNetwork } | { ok: false; reason: string };

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && addressKey(a) !== undefined && addressKey(a) === addressKey(b);
const pairKey = (p: { symbolA: string; symbolB: string }) =>
  [p.symbolA, p.symbolB].sort().join('/');

/** Where a fetched network disagrees with a pin, or undefined when it agrees. */
export function disagreement(fetched: SdkNetwork, pin: PinnedNetwork): string | undefined {
  if (pin.chainId !== undefined && pin.chainId !== fetched.chainId)
    return `chain id ${fetched.chainId}, pinned ${pin.chainId}`;
  for (const key of ['ROUTER_ADDRESS', 'LIQUIDITY_ROUTER'] as const)
    if (!same(fetched.exchange?.[key], pin.exchange?.[key])) return `${key} is not the pinned one`;
  for (const [symbol, pinned] of Object.entries(pin.tokens ?? {})) {
    const token = fetched.tokens?.[symbol];
    if (!token?.address || !pinned.address) continue;
    if (!same(token.address, pinned.address)) return `${symbol} is not the pinned token`;
    if (pinned.tax !== undefined && (token.tax ?? 0) !== pinned.tax)
      return `${symbol}'s tax is not the pinned one`;
  }
  const pools = new Map((fetched.pools ?? []).map((p) => [pairKey(p), p.address]));
  for (const pool of pin.pools ?? []) {
    const address = pools.get(pairKey(pool));
    if (address && pool.address && !same(address, pool.address))
      return `pool ${pairKey(pool)} is not the pinned one`;
  }
  return undefined;
}

/** The fetched network reduced to what `pin` names (and agrees on). */
function restrict(network: SdkNetwork, pin: PinnedNetwork): SdkNetwork {
  const tokens: Record<string, SdkToken> = {};
  for (const [symbol, token] of Object.entries(network.tokens ?? {}))
    if (same(token.address, pin.tokens?.[symbol]?.address)) tokens[symbol] = token;
  const pinnedPools = new Map((pin.pools ?? []).map((p) => [pairKey(p), p]));
  const pools: SdkPool[] = [];
  for (const pool of network.pools ?? []) {
    const pinned = pinnedPools.get(pairKey(pool));
    if (!pinned || !tokens[pool.symbolA] || !tokens[pool.symbolB]) continue;
    pools.push({ ...pool, address: pool.address || pinned.address || '' });
  }
  return { ...network, tokens, pools };
}

/** The network the policy may use: the fetched one, checked against and reduced to every pin. */
export function trustedNetwork(
  fetched: SdkNetwork,
  pins: readonly (PinnedNetwork | undefined)[],
): Trusted {
  let network = fetched;
  for (const pin of pins) {
    if (!pin) continue;
    const reason = disagreement(fetched, pin);
    if (reason)
      return { ok: false, reason: `the widget's ${fetched.id} config disagrees: ${reason}` };
    network = restrict(network, pin);
  }
  return { ok: true, network };
}

/** Development origins (the local stack) run their own contracts: the baked list is not theirs. */
export function isLoopback(origin: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

interface ConfigNetwork {
  chainId?: number;
  exchange?: { ROUTER_ADDRESS?: string; LIQUIDITY_ROUTER?: string };
  tokens?: Record<string, { address?: string; tax?: number }>;
  pools?: { symbolA: string; symbolB: string; address?: string }[];
}

/**
 * The allow-list baked into the SDK at build time, from a networks.json: each network whose two
 * routers have addresses, with its tokens that have one and the pools between those tokens. A
 * network whose addresses are empty is left out (its fetched config is then used as it is).
 */
export function pinsFromConfig(file: { networks?: Record<string, ConfigNetwork> }): Pins {
  const pins: Pins = {};
  for (const [id, n] of Object.entries(file.networks ?? {})) {
    const { ROUTER_ADDRESS = '', LIQUIDITY_ROUTER = '' } = n.exchange ?? {};
    if (!ROUTER_ADDRESS || !LIQUIDITY_ROUTER) continue;
    const tokens: PinnedNetwork['tokens'] = {};
    for (const [symbol, t] of Object.entries(n.tokens ?? {}))
      if (t.address) tokens[symbol] = { address: t.address, tax: t.tax ?? 0 };
    const pools = (n.pools ?? [])
      .filter((p) => tokens[p.symbolA] && tokens[p.symbolB])
      .map((p) => ({ symbolA: p.symbolA, symbolB: p.symbolB, address: p.address ?? '' }));
    pins[id] = {
      chainId: n.chainId,
      exchange: { ROUTER_ADDRESS, LIQUIDITY_ROUTER },
      tokens,
      pools,
    };
  }
  return pins;
}

/**
 * Why a networks.json cannot be baked into a release of the SDK: per network, what it lacks for
 * a complete pin (its chain id, both routers, the address of every token). A released SDK file is
 * what partners pin with `integrity`; a network shipped without a built-in allow-list would trust
 * whatever networks.json the widget origin serves for it. Empty when every network is pinned.
 */
export function releaseProblems(file: { networks?: Record<string, ConfigNetwork> }): string[] {
  const problems: string[] = [];
  const networks = Object.entries(file.networks ?? {});
  if (!networks.length) return ['the networks file lists no network'];
  for (const [id, n] of networks) {
    const missing: string[] = [];
    if (typeof n.chainId !== 'number') missing.push('chainId');
    for (const key of ['ROUTER_ADDRESS', 'LIQUIDITY_ROUTER'] as const)
      if (!n.exchange?.[key]) missing.push(`exchange.${key}`);
    const tokens = Object.entries(n.tokens ?? {});
    if (!tokens.length) missing.push('tokens');
    const unaddressed = tokens.filter(([, t]) => !t.address).map(([symbol]) => symbol);
    if (unaddressed.length) missing.push(`the address of ${unaddressed.join(', ')}`);
    if (missing.length)
      problems.push(`${id} has no complete built-in allow-list (missing: ${missing.join('; ')})`);
  }
  return problems;
}

declare const __JMSWAP_BAKED_PINS__: Pins | undefined;

/** The production allow-list of this SDK build (empty in tests and unbundled use). */
export const BAKED_PINS: Pins =
  typeof __JMSWAP_BAKED_PINS__ === 'object' && __JMSWAP_BAKED_PINS__ ? __JMSWAP_BAKED_PINS__ : {};
