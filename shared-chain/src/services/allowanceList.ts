/**
 * The connected account's allowances to the exchange's routers, read from the chain:
 * the list the Approvals view shows. Apart from the revoke (allowances.ts) so the React hook
 * (allowancesHook.ts), which allowances.ts re-exports, reads it without importing that back.
 */
import type { NetworkConfig } from '../config/types';
import {
  allowanceTargets,
  allowancesUnreadableText,
  allowanceText,
  lpTokenName,
  routerSpenders,
  sameAddress,
  type AllowanceTarget,
  type Spender,
} from '../core/allowances';
import { needsApproval } from '../core/validation';
import { UNLIMITED_ALLOWANCE_THRESHOLD } from '../core/constants';
import { fetchApprovalHints, type ApprovalHint } from '../api/approvals';
import { toBase58 } from '../adapters/tron/address';
import { allowanceChain, type AllowanceChain } from './allowancesChain';

/** One non-zero allowance, as the view lists it. */
export interface AllowanceRow {
  /** Token contract address. */
  token: string;
  /** The configured symbol, the token's own, or a shortened address. */
  symbol: string;
  decimals: number;
  spender: Spender;
  amount: bigint;
  /** "Unlimited" or the amount in token units. */
  text: string;
}

export interface AllowanceList {
  rows: AllowanceRow[];
  /** Allowances no node answered for (the view says the list may be incomplete). */
  unread: number;
}

/** Reads at most this many allowances at once on TRON (EVM calls of one moment share a request). */
export const ALLOWANCE_READ_CONCURRENCY = 6;

/** `work` over `items`, at most `limit` at a time, results in order. */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

export interface ListOptions {
  chain?: AllowanceChain;
  hints?: () => Promise<readonly ApprovalHint[]>;
}

/**
 * The non-zero allowances of `owner` to the routers: every configured token (the base coin needs
 * none), the LP tokens of the configured pools (what Remove liquidity approves), plus tokens the
 * API saw approved. Rejects (with the words of allowancesUnreadableText)
 * when not one allowance could be read: the node is down, and the view says what to do.
 */
export async function listAllowances(
  network: NetworkConfig,
  owner: string,
  options: ListOptions = {},
): Promise<AllowanceList> {
  const chain = options.chain ?? allowanceChain(network);
  const spenders = routerSpenders(network.exchange);
  const configured = Object.values(network.tokens).filter(
    (t) => needsApproval(t) && t.address !== '',
  );
  const lpTokens = network.pools
    .filter((p) => p.address !== '' && !configured.some((t) => sameAddress(t.address, p.address)))
    .map((p) => ({ address: p.address, symbol: lpTokenName(p), decimals: 18 }));
  const known = [...configured, ...lpTokens];
  const fetched = await (
    options.hints ?? (() => fetchApprovalHints(network.api.url, network.id, owner))
  )();
  // TRON hints may come as 41-hex or 0x; the config writes base58.
  const hints =
    network.platform === 'tron'
      ? fetched.map((h) => ({ ...h, token: toBase58(h.token), spender: toBase58(h.spender) }))
      : fetched;
  const targets = allowanceTargets(
    known.map((t) => t.address),
    hints.filter((h) => !known.some((t) => sameAddress(t.address, h.token))),
    spenders,
  );
  const limit = network.platform === 'evm' ? targets.length || 1 : ALLOWANCE_READ_CONCURRENCY;
  const amounts = await mapWithLimit(targets, limit, (t: AllowanceTarget) =>
    chain.allowance(t.token, owner, t.spender.address).then(
      (amount) => amount,
      () => undefined,
    ),
  );
  const unread = amounts.filter((a) => a === undefined).length;
  if (targets.length > 0 && unread === targets.length)
    throw new Error(allowancesUnreadableText(network.name));
  const rows: AllowanceRow[] = [];
  const infos = new Map<string, Promise<{ symbol: string; decimals: number } | undefined>>();
  // Read only for allowances short of 2^255, once per token; unread, the amount is shown.
  const supplies = new Map<string, Promise<bigint | undefined>>();
  const supplyOf = (token: string) => {
    if (!supplies.has(token))
      supplies.set(
        token,
        chain.totalSupply(token).catch(() => undefined),
      );
    return supplies.get(token) as Promise<bigint | undefined>;
  };
  await Promise.all(
    targets.map(async (target, i) => {
      const amount = amounts[i];
      if (amount === undefined || amount === 0n) return;
      let info: { symbol: string; decimals: number } | undefined = known.find((t) =>
        sameAddress(t.address, target.token),
      );
      if (!info) {
        let pending = infos.get(target.token);
        if (!pending) {
          pending = chain.tokenInfo(target.token).catch(() => undefined);
          infos.set(target.token, pending);
        }
        info = await pending;
      }
      if (!info) return; // not a token we can show in units
      const supply =
        amount < UNLIMITED_ALLOWANCE_THRESHOLD ? await supplyOf(target.token) : undefined;
      rows.push({
        token: target.token,
        symbol: info.symbol || shortAddress(target.token),
        decimals: info.decimals,
        spender: target.spender,
        amount,
        text: allowanceText(amount, info.decimals, supply),
      });
    }),
  );
  // Configured tokens in config order, the pools' LP tokens, then the API's; each token's
  // routers together.
  const order = (row: AllowanceRow) =>
    targets.findIndex((t) => t.token === row.token && t.spender === row.spender);
  rows.sort((a, b) => order(a) - order(b));
  return { rows, unread };
}
