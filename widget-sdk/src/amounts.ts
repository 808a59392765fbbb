/**
 * What a swap moved, read from its receipt (not from the quote): the configured token the
 * account paid (Transfer from it, or the wrapped base's Deposit when it paid the base coin) and
 * the one it received (Transfer to it, or the wrapped base's Withdrawal paid out to it).
 */
import { addressKey } from './address';
import type { SdkNetwork, SdkToken } from './policy';

export interface ReceiptLog {
  /** 20-byte hex, lower case, no prefix. */
  address: string;
  /** 32-byte hex words, lower case, no prefix. */
  topics: string[];
  data: string;
}

export interface SwapAmounts {
  symbolIn: string;
  amountIn: string;
  symbolOut: string;
  amountOut: string;
}

const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const DEPOSIT = 'e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
const WITHDRAWAL = '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';

const word = (hex: string | undefined): bigint => (hex ? BigInt(`0x${hex.slice(0, 64)}`) : 0n);
const topicAddress = (topic: string | undefined) => (topic ? topic.slice(24).toLowerCase() : '');

/** Base units to a decimal string in human units, exact. */
export function formatUnits(value: bigint, decimals: number): string {
  const s = value.toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = s.slice(s.length - decimals).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

export function normaliseLog(log: {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
}): ReceiptLog | undefined {
  const address = addressKey(
    typeof log.address === 'string' && /^[0-9a-fA-F]{40}$/.test(log.address)
      ? `0x${log.address}`
      : log.address,
  );
  if (!address || !Array.isArray(log.topics)) return undefined;
  const strip = (h: unknown) => String(h).replace(/^0x/, '').toLowerCase();
  return { address, topics: log.topics.map(strip), data: strip(log.data ?? '') };
}

export function swapAmounts(
  network: SdkNetwork,
  account: string,
  logs: ReceiptLog[],
): SwapAmounts | undefined {
  const me = addressKey(account);
  const tokens = Object.values(network.tokens).filter((t) => t.address);
  const byKey = new Map(tokens.map((t) => [addressKey(t.address) as string, t]));
  const base = tokens.find((t) => t.isBase);
  const baseKey = base ? addressKey(base.address) : undefined;
  const paid = new Map<SdkToken, bigint>();
  const got = new Map<SdkToken, bigint>();
  const add = (m: Map<SdkToken, bigint>, t: SdkToken, v: bigint) => m.set(t, (m.get(t) ?? 0n) + v);
  for (const log of logs) {
    const token = byKey.get(log.address);
    if (!token) continue;
    const [topic, a, b] = log.topics;
    if (topic === TRANSFER && !token.isBase) {
      if (topicAddress(a) === me) add(paid, token, word(log.data));
      if (topicAddress(b) === me) add(got, token, word(log.data));
    } else if (base && log.address === baseKey && topic === DEPOSIT) {
      add(paid, base, word(log.data));
    } else if (base && log.address === baseKey && topic === WITHDRAWAL) {
      add(got, base, word(log.data));
    }
  }
  const [inToken, inAmount] = [...paid.entries()][0] ?? [];
  const [outToken, outAmount] = [...got.entries()].find(([t]) => t !== inToken) ?? [];
  if (!inToken || !outToken || inAmount === undefined || outAmount === undefined) return undefined;
  return {
    symbolIn: inToken.symbol,
    amountIn: formatUnits(inAmount, inToken.decimals),
    symbolOut: outToken.symbol,
    amountOut: formatUnits(outAmount, outToken.decimals),
  };
}
