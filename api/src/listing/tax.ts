/**
 * The transfer tax a listed token takes, measured the way the site's swap box measures it
 * (shared-chain services/taxDetection.ts): a small buy of the token from its pool with
 * the wrapped base coin, simulated through the JMSwap router from the wrapped base contract
 * (it holds base coin on every chain), at one block; the router answers what arrived, and its
 * untaxed quote says what the pair sent. Plain JSON-RPC `eth_call` and TRON's
 * `triggerconstantcontract` (no state override exists there), like chain.ts.
 */
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from '@noble/hashes/sha256';
import { createBase58check } from '@scure/base';
import type { ChainEndpoint } from './chain';

/** Where the exchange lives on a network (lower-case 0x addresses, as the api config keeps them). */
export interface DexAddresses {
  factory: string;
  /** The wrapped base coin (the base token's configured address). */
  wrappedBase: string;
}

export type TaxAnswer =
  | { kind: 'measured'; bps: bigint; exact: boolean; maxBps: bigint }
  /** The token has no pool with the base coin on JMSwap yet: nothing to measure with. */
  | { kind: 'no-pool' }
  | { kind: 'unreachable'; reason: string };

/** The recipient of the simulated buy: nobody holds its key, so no token exempts it. */
export const TAX_PROBE_RECIPIENT = '0x0000000000000000000000000000000000007a85';
/** The probe buys 1/1000 of the pool's base side. */
const PROBE_DIVISOR = 1000n;

const selector = (signature: string) =>
  Buffer.from(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4)).toString('hex');
const word = (value: bigint) => value.toString(16).padStart(64, '0');
const addressWord = (address: string) => address.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/**
 * The smallest b with floor(sent * b / 10000) = sent - received, and the largest (shared-chain's
 * taxOfTransfer): a buy of few base units (a token without decimals) fits a range of rates, 3%
 * taking 30 of 1027 units as 2.93% would.
 */
export function taxOfTransfer(
  sent: bigint,
  received: bigint,
): { bps: bigint; exact: boolean; maxBps: bigint } | undefined {
  if (sent <= 0n || received < 0n || received > sent) return undefined;
  const fee = sent - received;
  const bps = (fee * 10_000n + sent - 1n) / sent;
  const highest = ((fee + 1n) * 10_000n - 1n) / sent;
  return {
    bps,
    exact: sent >= 10_000n && (sent * bps) / 10_000n === fee,
    maxBps: highest > 10_000n ? 10_000n : highest,
  };
}

function words(hex: string): bigint[] {
  const data = hex.replace(/^0x/, '');
  if (data.length % 64 !== 0) throw new Error('malformed ABI data');
  return Array.from({ length: data.length / 64 }, (_, i) =>
    BigInt(`0x${data.slice(i * 64, i * 64 + 64)}`),
  );
}

/** A returned uint256[] (one dynamic return value). */
function uintArray(hex: string): bigint[] {
  const w = words(hex);
  const at = Number((w[0] ?? 0n) / 32n);
  const length = Number(w[at] ?? 0n);
  const items = w.slice(at + 1, at + 1 + length);
  if (items.length !== length || length < 2) throw new Error('malformed uint256[]');
  return items;
}

interface Call {
  to: string;
  data: string;
  from?: string;
  value?: bigint;
}

class Unreachable extends Error {}

async function post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Unreachable(`HTTP ${res.status}`);
    return await res.json();
  } catch (error) {
    if (error instanceof Unreachable) throw error;
    throw new Unreachable(error instanceof Error ? error.message : String(error));
  }
}

/** One call at `block` (EVM) or the latest (TRON); its return data as hex. */
async function call(endpoint: ChainEndpoint, c: Call, block: string, timeoutMs: number) {
  if (endpoint.platform === 'evm') {
    const tx: Record<string, string> = { to: c.to, data: `0x${c.data}` };
    if (c.from) tx.from = c.from;
    if (c.value) tx.value = `0x${c.value.toString(16)}`;
    const answer = (await post(
      endpoint.nodeUrl,
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [tx, block] },
      timeoutMs,
    )) as { result?: unknown; error?: { message?: string } };
    if (typeof answer.result === 'string') return answer.result;
    throw new Error(answer.error?.message ?? 'malformed JSON-RPC answer');
  }
  const tron = (a: string) => `41${a.replace(/^0x/, '')}`;
  const answer = (await post(
    `${endpoint.nodeUrl.replace(/\/+$/, '')}/wallet/triggerconstantcontract`,
    {
      owner_address: tron(c.from ?? c.to),
      contract_address: tron(c.to),
      data: c.data,
      call_value: Number(c.value ?? 0n),
    },
    timeoutMs,
  )) as { result?: { code?: string; message?: string }; constant_result?: unknown[] };
  const out = answer.constant_result?.[0];
  if (answer.result?.code || answer.result?.message || typeof out !== 'string' || out === '')
    throw new Error(`TRON call failed: ${answer.result?.code ?? 'REVERT'}`);
  return out;
}

async function latestBlock(endpoint: ChainEndpoint, timeoutMs: number): Promise<string> {
  if (endpoint.platform === 'tron') return 'latest';
  const answer = (await post(
    endpoint.nodeUrl,
    { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
    timeoutMs,
  )) as { result?: unknown };
  if (typeof answer.result !== 'string') throw new Unreachable('malformed eth_blockNumber answer');
  return answer.result;
}

/**
 * Measures the tax of `token` (0x address; TRON: the 20 bytes after 41). A node that does not
 * answer is 'unreachable'; a call that reverts (no pool, router missing) is 'no-pool'.
 */
export async function measureTax(
  endpoint: ChainEndpoint,
  dex: DexAddresses,
  token: string,
  timeoutMs = 5000,
  nowMs = Date.now(),
): Promise<TaxAnswer> {
  try {
    const block = await latestBlock(endpoint, timeoutMs);
    const read = (c: Call) => call(endpoint, c, block, timeoutMs);
    const [pair] = words(
      await read({
        to: dex.factory,
        data:
          selector('getPair(address,address)') + addressWord(dex.wrappedBase) + addressWord(token),
      }),
    );
    if (!pair) return { kind: 'no-pool' };
    const pairAddress = `0x${pair.toString(16).padStart(40, '0')}`;
    const [router] = words(await read({ to: dex.factory, data: selector('getRouterAddress()') }));
    const [baseSide] = words(
      await read({
        to: dex.wrappedBase,
        data: selector('balanceOf(address)') + addressWord(pairAddress),
      }),
    );
    const amountIn = (baseSide ?? 0n) / PROBE_DIVISOR;
    if (!router || amountIn === 0n) return { kind: 'no-pool' };
    const routerAddress = `0x${router.toString(16).padStart(40, '0')}`;
    const path = word(2n) + addressWord(dex.wrappedBase) + addressWord(token);
    const deadline = BigInt(Math.floor(nowMs / 1000) + 300);
    const bought = uintArray(
      await read({
        from: dex.wrappedBase,
        to: routerAddress,
        value: amountIn,
        data:
          selector('swapExactBaseForTokens(uint256,address[],bytes32[],address,uint256)') +
          word(0n) +
          word(160n) +
          word(256n) +
          addressWord(TAX_PROBE_RECIPIENT) +
          word(deadline) +
          path +
          word(0n),
      }),
    );
    const quoted = uintArray(
      await read({
        to: routerAddress,
        data: selector('getAmountsOut(uint256,address[])') + word(amountIn) + word(64n) + path,
      }),
    );
    const measured = taxOfTransfer(quoted[1] as bigint, bought[1] as bigint);
    return measured ? { kind: 'measured', ...measured } : { kind: 'no-pool' };
  } catch (error) {
    if (error instanceof Unreachable) return { kind: 'unreachable', reason: error.message };
    return { kind: 'no-pool' };
  }
}

/** A listed contract as a 0x address: TRON base58 loses its 41 prefix. */
export function hexAddressOf(contract: string): string {
  if (contract.startsWith('0x')) return contract.toLowerCase();
  const bytes = createBase58check(sha256).decode(contract);
  return `0x${Buffer.from(bytes.subarray(1)).toString('hex')}`;
}

/** "4%" or "2.5%". */
export function formatTax(bps: bigint): string {
  const whole = bps / 100n;
  const cents = bps % 100n;
  return cents === 0n
    ? `${whole}%`
    : `${whole}.${cents.toString().padStart(2, '0').replace(/0$/, '')}%`;
}

/**
 * The error for a declared tax (basis points) the chain contradicts; undefined when it agrees or
 * cannot tell.
 */
export function taxError(
  network: string,
  declared: bigint,
  answer: TaxAnswer,
): { status: number; field: string; message: string } | undefined {
  if (answer.kind !== 'measured') return undefined;
  const fits = (bps: bigint) => bps >= answer.bps && bps <= answer.maxBps;
  if (fits(declared)) return undefined;
  // A whole percent when one takes the fee seen, as the swap box shows it.
  const whole = ((answer.bps + 99n) / 100n) * 100n;
  const takes = fits(whole) ? whole : answer.bps;
  return {
    status: 400,
    field: 'tax',
    message:
      `is ${formatTax(declared)} but the token takes ${formatTax(takes)} on every transfer on ` +
      `${network} (measured by simulating a buy from its JMSwap pool); declare the tax it takes`,
  };
}
