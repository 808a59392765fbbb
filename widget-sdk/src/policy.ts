/**
 * What the host's wallet may be asked to sign, checked on what a call does, not only where it
 * goes. Every request names the widget's network. Approvals: a configured token or a configured
 * pool's liquidity token, to one of the network's two routers, at most 2^256-1. Router calls
 * (EVM calldata decoded strictly with the ABI, TRON typed params): an allowed function of that
 * router, paying the connected account, over configured tokens only; every swap hop and every
 * liquidity pair a configured pool; the declared taxes those of the config; every minimum (and
 * every amount) above 0; a base-coin payment (value / callValue) only on the payable functions,
 * where it is the amount paid in (above 0), and 0 everywhere else.
 * What is left to the user, in the wallet's prompt: the amounts and the slippage, within those
 * configured pools.
 */
import { decodeAbi, MAX_UINT256, type AbiValue } from './abi';
import { addressKey } from './address';
import { ROUTER_METHODS } from './router-methods.generated';

export interface SdkToken {
  symbol: string;
  address: string;
  decimals: number;
  isBase?: boolean;
  /** Integer percent taken on every transfer (docs/taxes.md); 0 when absent. */
  tax?: number;
}

export interface SdkPool {
  symbolA: string;
  symbolB: string;
  /** The pair (liquidity token) address; empty when not configured. */
  address: string;
}

export interface SdkNetwork {
  id: string;
  name: string;
  platform: 'evm' | 'tron';
  chainId: number;
  nodeUrl: string;
  baseToken: string;
  exchange: { ROUTER_ADDRESS: string; LIQUIDITY_ROUTER: string; MAX_HOP_LENGTH?: number };
  tokens: Record<string, SdkToken>;
  pools?: SdkPool[];
}

export type Verdict = { ok: true } | { ok: false; reason: string };
const refuse = (reason: string): Verdict => ({ ok: false, reason });
const OK: Verdict = { ok: true };

type MethodName = keyof typeof ROUTER_METHODS;
type RouterKind = 'ROUTER' | 'LIQUIDITY_ROUTER';

/** A router call once decoded: arguments by name (addresses as 40 lower-case hex digits). */
export interface RouterCall {
  name: MethodName;
  args: Record<string, AbiValue>;
  /** Base coin sent with the call (EVM value, TRON callValue). */
  value: bigint;
}

/** Longest path when the config gives none (chain-layer.md: MAX_HOP_LENGTH 3). */
const DEFAULT_MAX_PATH = 3;
/** The spec's largest TRON fee limit (creating a pair): 1000 TRX. */
export const MAX_FEE_LIMIT_SUN = 1_000_000_000n;

// ------------------------------------------------------------------ values

/** A uint256 as a decimal string or a safe integer (never hex, exponents or floats). */
export function parseUint(value: unknown): bigint | undefined {
  let n: bigint;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return undefined;
    n = BigInt(value);
  } else if (typeof value === 'string' && /^(?:0|[1-9][0-9]{0,77})$/.test(value)) {
    n = BigInt(value);
  } else return undefined;
  return n <= MAX_UINT256 ? n : undefined;
}

/** An address as the platform's wallet takes it: 0x-hex on EVM, base58 or 41-hex on TRON. */
export function platformAddress(network: SdkNetwork, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const form = network.platform === 'evm' ? /^0x[0-9a-fA-F]{40}$/ : /^(?:T|41)/;
  return form.test(value) ? addressKey(value) : undefined;
}

const keyOf = (address: string): string | undefined => (address ? addressKey(address) : undefined);

// ------------------------------------------------------------------ the config

/** Which configured router an address is, if any. */
function routerKind(network: SdkNetwork, key: string | undefined): RouterKind | undefined {
  if (!key) return undefined;
  if (key === keyOf(network.exchange.ROUTER_ADDRESS)) return 'ROUTER';
  if (key === keyOf(network.exchange.LIQUIDITY_ROUTER)) return 'LIQUIDITY_ROUTER';
  return undefined;
}

/** The configured token at an address (the base coin's is its wrapped contract). */
export function tokenAt(network: SdkNetwork, key: unknown): SdkToken | undefined {
  if (typeof key !== 'string') return undefined;
  return Object.values(network.tokens).find((t) => keyOf(t.address) === key);
}

const isBase = (network: SdkNetwork, token: SdkToken) =>
  token.isBase === true || token.symbol === network.baseToken;

/** The tax a path token declares: its configured tax, 0 for the base coin (never taxed). */
const taxOf = (network: SdkNetwork, token: SdkToken): bigint =>
  isBase(network, token) ? 0n : BigInt(token.tax ?? 0);

function isPool(network: SdkNetwork, a: SdkToken, b: SdkToken): boolean {
  return (network.pools ?? []).some(
    (p) =>
      (p.symbolA === a.symbol && p.symbolB === b.symbol) ||
      (p.symbolA === b.symbol && p.symbolB === a.symbol),
  );
}

/** A configured pool's liquidity token at an address. */
function poolAt(network: SdkNetwork, key: string | undefined): SdkPool | undefined {
  if (!key) return undefined;
  return (network.pools ?? []).find(
    (p) => keyOf(p.address) === key && network.tokens[p.symbolA] && network.tokens[p.symbolB],
  );
}

// ------------------------------------------------------------------ checks

/** Every request names the widget's network (a widget cannot redirect a send to another chain). */
export function checkNetwork(network: SdkNetwork, params: Record<string, unknown>): Verdict {
  if (params.network === undefined) return refuse('the request names no network');
  if (params.network !== network.id)
    return refuse(`the widget is on ${network.id}, not ${String(params.network)}`);
  return OK;
}

export function checkApprove(network: SdkNetwork, params: Record<string, unknown>): Verdict {
  const key = platformAddress(network, params.token);
  const token = tokenAt(network, key);
  if (!(token && !isBase(network, token)) && !poolAt(network, key))
    return refuse('approve is only for the tokens and pools of the network config');
  if (!routerKind(network, platformAddress(network, params.spender)))
    return refuse('approve is only for the routers');
  if (parseUint(params.amount) === undefined)
    return refuse('approve needs an amount from 0 to 2^256-1');
  return checkNetwork(network, params);
}

const SWAPS = {
  swapExactTokensForTokens: { exactIn: true, baseIn: false, baseOut: false },
  swapTokensForExactTokens: { exactIn: false, baseIn: false, baseOut: false },
  swapExactBaseForTokens: { exactIn: true, baseIn: true, baseOut: false },
  swapBaseForExactTokens: { exactIn: false, baseIn: true, baseOut: false },
  swapExactTokensForBase: { exactIn: true, baseIn: false, baseOut: true },
  swapTokensForExactBase: { exactIn: false, baseIn: false, baseOut: true },
} as const;

/** The payable functions, where the base coin sent is the amount paid in (the router's msg.value). */
const PAYABLE: readonly MethodName[] = [
  'swapExactBaseForTokens', // amountIn = msg.value
  'swapBaseForExactTokens', // amountInMax = msg.value, the rest refunded
  'addLiquidityBase', // amountBaseDesired = msg.value, the rest refunded
];

function checkPath(network: SdkNetwork, args: Record<string, AbiValue>): Verdict {
  const path = args.path as string[];
  const taxes = args.taxes as string[];
  const maxLength = network.exchange.MAX_HOP_LENGTH ?? DEFAULT_MAX_PATH;
  if (path.length < 2 || path.length > maxLength) return refuse('the path has a wrong length');
  const tokens = path.map((key) => tokenAt(network, key));
  for (const [i, token] of tokens.entries()) {
    if (!token) return refuse('the path names a token outside the network config');
    if (tokens.indexOf(token) !== i) return refuse('the path repeats a token');
    const previous = tokens[i - 1];
    if (previous && !isPool(network, previous, token))
      return refuse(`${previous.symbol}/${token.symbol} is not a configured pool`);
  }
  if (taxes.length !== path.length) return refuse('the taxes do not match the path');
  for (const [i, token] of tokens.entries())
    if (BigInt(`0x${taxes[i]}`) !== taxOf(network, token as SdkToken))
      return refuse(`the declared tax of ${(token as SdkToken).symbol} is not the configured one`);
  return OK;
}

/** Liquidity: configured tokens (the base coin only through the *Base functions), a configured pool. */
function checkPair(network: SdkNetwork, args: Record<string, AbiValue>): Verdict {
  const baseFunction = args.tokenA === undefined;
  const a = tokenAt(network, baseFunction ? args.token : args.tokenA);
  const b = baseFunction
    ? Object.values(network.tokens).find((t) => isBase(network, t))
    : tokenAt(network, args.tokenB);
  if (!a || !b) return refuse('the liquidity call names a token outside the network config');
  if (baseFunction && isBase(network, a)) return refuse('the token is the base coin');
  if (a === b || !isPool(network, a, b))
    return refuse(`${a.symbol}/${b.symbol} is not a configured pool`);
  return OK;
}

/** The checks shared by EVM and TRON, on a decoded router call. */
export function checkRouterCall(
  network: SdkNetwork,
  account: string,
  kind: RouterKind,
  call: RouterCall,
): Verdict {
  const method = ROUTER_METHODS[call.name];
  if (!(method.contracts as readonly string[]).includes(kind))
    return refuse('this router function is not allowed');
  const { args } = call;
  if (args.to !== addressKey(account)) return refuse('the recipient is not the connected account');
  // Every amount and every minimum above 0 (a minimum of 0 accepts any price).
  for (const input of method.abi.inputs)
    if (input.type === 'uint256' && input.name !== 'deadline' && args[input.name] === 0n)
      return refuse(`${input.name} must be above 0`);
  if (PAYABLE.includes(call.name)) {
    if (call.value === 0n) return refuse('a base-coin payment needs its amount as the value');
  } else if (call.value !== 0n) return refuse('this function takes no base coin');
  return call.name in SWAPS ? checkPath(network, args) : checkPair(network, args);
}

/** Arguments by ABI input name. */
function named(name: MethodName, values: readonly AbiValue[]): Record<string, AbiValue> {
  const args: Record<string, AbiValue> = {};
  ROUTER_METHODS[name].abi.inputs.forEach((input, i) => (args[input.name] = values[i]!));
  return args;
}

function methodNamed(name: unknown): MethodName | undefined {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ROUTER_METHODS, name)
    ? (name as MethodName)
    : undefined;
}

/** EVM execute/send: router calldata decoded exactly, then the shared checks. */
export function checkEvmExecute(
  network: SdkNetwork,
  account: string,
  params: Record<string, unknown>,
): Verdict {
  const kind = routerKind(network, platformAddress(network, params.to));
  if (!kind) return refuse('execute is only for the network’s routers');
  const data = params.data;
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{8}/.test(data))
    return refuse('execute needs calldata');
  const selector = data.slice(0, 10).toLowerCase();
  const name = (Object.keys(ROUTER_METHODS) as MethodName[]).find(
    (n) => ROUTER_METHODS[n].selector === selector,
  );
  if (!name) return refuse('this router function is not allowed');
  const types = ROUTER_METHODS[name].abi.inputs.map((i) => i.type);
  const values = decodeAbi(types, data.slice(10));
  if (!values) return refuse('the calldata is not the exact encoding of its arguments');
  const value = params.value === undefined ? 0n : parseUint(params.value);
  if (value === undefined) return refuse('bad value');
  const verdict = checkRouterCall(network, account, kind, {
    name,
    args: named(name, values),
    value,
  });
  return verdict.ok ? checkNetwork(network, params) : verdict;
}

/** One TRON argument, typed as the ABI says, in the decoder's form; undefined if it is not one. */
function tronArg(network: SdkNetwork, type: string, raw: unknown): AbiValue | undefined {
  if (type === 'uint256') return parseUint(raw);
  if (type === 'address') return platformAddress(network, raw);
  if (type === 'bool') return typeof raw === 'boolean' ? raw : undefined;
  if (type === 'bytes32')
    return typeof raw === 'string' && /^0x[0-9a-fA-F]{64}$/.test(raw)
      ? raw.slice(2).toLowerCase()
      : undefined;
  if (type.endsWith('[]') && Array.isArray(raw) && raw.length <= 16) {
    const items = raw.map((item) => tronArg(network, type.slice(0, -2), item));
    return items.every((i) => typeof i === 'string') ? (items as string[]) : undefined;
  }
  return undefined;
}

/** TRON execute/send: an allowed router method with typed params, then the shared checks. */
export function checkTronExecute(
  network: SdkNetwork,
  account: string,
  params: Record<string, unknown>,
): Verdict {
  const kind = routerKind(network, platformAddress(network, params.contract));
  if (!kind) return refuse('execute is only for the network’s routers');
  const name = methodNamed(params.method);
  if (!name) return refuse('this router function is not allowed');
  const inputs = ROUTER_METHODS[name].abi.inputs;
  const raw = params.params;
  if (!Array.isArray(raw) || raw.length !== inputs.length) return refuse('wrong arguments');
  const values = inputs.map((input, i) => tronArg(network, input.type, raw[i]));
  if (values.some((v) => v === undefined)) return refuse('wrong arguments');
  const value = params.callValue === undefined ? 0n : parseUint(params.callValue);
  if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER))
    return refuse('bad callValue');
  if (params.feeLimit !== undefined) {
    const feeLimit = parseUint(params.feeLimit);
    if (feeLimit === undefined || feeLimit === 0n || feeLimit > MAX_FEE_LIMIT_SUN)
      return refuse('bad feeLimit');
  }
  const args = named(name, values as AbiValue[]);
  const verdict = checkRouterCall(network, account, kind, { name, args, value });
  return verdict.ok ? checkNetwork(network, params) : verdict;
}

/** Symbol of a configured token address (the wrapped base maps to the base coin). */
export function symbolOf(network: SdkNetwork, address: string): SdkToken | undefined {
  return tokenAt(network, addressKey(address));
}

/** A router swap (not a liquidity change): the calls onSwap reports. */
export function isSwapCall(params: Record<string, unknown>): boolean {
  const selector = typeof params.data === 'string' ? params.data.slice(0, 10).toLowerCase() : '';
  return Object.entries(ROUTER_METHODS).some(
    ([name, m]) => m.swap && (m.selector === selector || name === params.method),
  );
}
