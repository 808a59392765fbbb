/**
 * What the host's wallet may be asked to sign: only approvals of the network's listed tokens to
 * its routers, and only the router functions of a swap or liquidity change whose recipient is
 * the connected account. A compromised widget cannot make the host's wallet pay anyone else.
 */
import { addressKey, sameAddress } from './address';
import { ROUTER_METHODS } from './router-methods.generated';

export interface SdkToken {
  symbol: string;
  address: string;
  decimals: number;
  isBase?: boolean;
}

export interface SdkNetwork {
  id: string;
  name: string;
  platform: 'evm' | 'tron';
  chainId: number;
  nodeUrl: string;
  baseToken: string;
  exchange: { ROUTER_ADDRESS: string; LIQUIDITY_ROUTER: string };
  tokens: Record<string, SdkToken>;
}

export type Verdict = { ok: true } | { ok: false; reason: string };
const refuse = (reason: string): Verdict => ({ ok: false, reason });
const OK: Verdict = { ok: true };

type RouterMethod = (typeof ROUTER_METHODS)[keyof typeof ROUTER_METHODS];

/** Which configured router an address is, if any. */
function routerKind(
  network: SdkNetwork,
  address: unknown,
): 'ROUTER' | 'LIQUIDITY_ROUTER' | undefined {
  if (sameAddress(address, network.exchange.ROUTER_ADDRESS)) return 'ROUTER';
  if (sameAddress(address, network.exchange.LIQUIDITY_ROUTER)) return 'LIQUIDITY_ROUTER';
  return undefined;
}

/** The call must name the widget's network (a widget cannot redirect a send to another chain). */
export function checkNetwork(network: SdkNetwork, params: Record<string, unknown>): Verdict {
  if (params.network !== undefined && params.network !== network.id)
    return refuse(`the widget is on ${network.id}, not ${String(params.network)}`);
  return OK;
}

export function checkApprove(network: SdkNetwork, params: Record<string, unknown>): Verdict {
  const token = Object.values(network.tokens).find(
    (t) => !t.isBase && t.address && sameAddress(t.address, params.token),
  );
  if (!token) return refuse('approve is only for the tokens of the network config');
  if (!routerKind(network, params.spender)) return refuse('approve is only for the routers');
  if (!isUint(params.amount)) return refuse('approve needs an amount');
  return checkNetwork(network, params);
}

export function isUint(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  return typeof value === 'string' && /^[0-9]{1,78}$/.test(value);
}

function allowedOn(method: RouterMethod, kind: 'ROUTER' | 'LIQUIDITY_ROUTER'): boolean {
  return (method.contracts as readonly string[]).includes(kind);
}

/** EVM execute/send: router calldata of an allowed function paying the connected account. */
export function checkEvmExecute(
  network: SdkNetwork,
  account: string,
  params: Record<string, unknown>,
): Verdict {
  const kind = routerKind(network, params.to);
  if (!kind) return refuse('execute is only for the network’s routers');
  const data = params.data;
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length < 10)
    return refuse('execute needs calldata');
  const method = Object.values(ROUTER_METHODS).find(
    (m) => m.selector === data.slice(0, 10).toLowerCase(),
  );
  if (!method || !allowedOn(method, kind)) return refuse('this router function is not allowed');
  const slot = data.slice(10 + 64 * method.toIndex, 10 + 64 * (method.toIndex + 1));
  if (slot.length !== 64 || !/^0{24}/.test(slot) || !sameAddress(`0x${slot.slice(24)}`, account))
    return refuse('the recipient is not the connected account');
  if (params.value !== undefined && !isUint(params.value)) return refuse('bad value');
  return checkNetwork(network, params);
}

/** TRON execute/send: an allowed router method whose recipient argument is the connected account. */
export function checkTronExecute(
  network: SdkNetwork,
  account: string,
  params: Record<string, unknown>,
): Verdict {
  const kind = routerKind(network, params.contract);
  if (!kind) return refuse('execute is only for the network’s routers');
  const name = params.method;
  const method =
    typeof name === 'string' && Object.prototype.hasOwnProperty.call(ROUTER_METHODS, name)
      ? ROUTER_METHODS[name as keyof typeof ROUTER_METHODS]
      : undefined;
  if (!method || !allowedOn(method, kind)) return refuse('this router function is not allowed');
  const args = params.params;
  if (!Array.isArray(args) || args.length !== method.abi.inputs.length)
    return refuse('wrong arguments');
  if (!sameAddress(args[method.toIndex], account))
    return refuse('the recipient is not the connected account');
  for (const key of ['feeLimit', 'callValue'] as const)
    if (params[key] !== undefined && !isUint(params[key])) return refuse(`bad ${key}`);
  return checkNetwork(network, params);
}

/** Symbol of a configured token address (the wrapped base maps to the base coin). */
export function symbolOf(network: SdkNetwork, address: string): SdkToken | undefined {
  const key = addressKey(address);
  return Object.values(network.tokens).find((t) => t.address && addressKey(t.address) === key);
}

/** A router swap (not a liquidity change): the calls onSwap reports. */
export function isSwapCall(params: Record<string, unknown>): boolean {
  const selector = typeof params.data === 'string' ? params.data.slice(0, 10).toLowerCase() : '';
  return Object.entries(ROUTER_METHODS).some(
    ([name, m]) => m.swap && (m.selector === selector || name === params.method),
  );
}
