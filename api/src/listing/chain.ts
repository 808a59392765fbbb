/**
 * Reads a token contract's name, symbol and decimals straight from its chain, with plain JSON-RPC
 * (`eth_call`) on EVM networks and the full node's `triggerconstantcontract` on TRON (the api
 * package talks HTTP only; ethers and tronweb stay in the browser's shared-chain).
 */
import type { ListingNetwork } from './fields';

export interface ChainEndpoint {
  platform: 'evm' | 'tron';
  /** EVM JSON-RPC url, or the TRON full-node url. */
  nodeUrl: string;
}

export interface TokenFacts {
  name: string;
  symbol: string;
  decimals: number;
}

/** 'missing': no contract at the address; 'not-token': code but no ERC-20/TRC-20 metadata. */
export type ChainAnswer =
  | { kind: 'token'; facts: TokenFacts }
  | { kind: 'missing' }
  | { kind: 'not-token' }
  | { kind: 'unreachable'; reason: string };

const SELECTORS = { name: '06fdde03', symbol: '95d89b41', decimals: '313ce567' } as const;
const SIGNATURES = { name: 'name()', symbol: 'symbol()', decimals: 'decimals()' } as const;
type Getter = keyof typeof SELECTORS;

class Unreachable extends Error {}

async function post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Unreachable(error instanceof Error ? error.message : String(error));
  }
  if (!res.ok) throw new Unreachable(`HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new Unreachable('answer is not JSON');
  }
}

/** ABI `string` (or legacy `bytes32`) return data as text; undefined when it is neither. */
export function decodeString(hex: string): string | undefined {
  const data = hex.replace(/^0x/, '');
  if (data.length === 64) {
    const bytes = Buffer.from(data, 'hex');
    const end = bytes.indexOf(0);
    return bytes.subarray(0, end === -1 ? 32 : end).toString('utf8');
  }
  if (data.length < 128) return undefined;
  const offset = Number.parseInt(data.slice(0, 64), 16) * 2;
  const length = Number.parseInt(data.slice(offset, offset + 64), 16) * 2;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length)) return undefined;
  const body = data.slice(offset + 64, offset + 64 + length);
  if (body.length !== length) return undefined;
  return Buffer.from(body, 'hex').toString('utf8');
}

function decodeUint8(hex: string): number | undefined {
  const data = hex.replace(/^0x/, '');
  if (data.length !== 64) return undefined;
  const value = BigInt(`0x${data}`);
  return value <= 255n ? Number(value) : undefined;
}

/** One getter on EVM; undefined when the call reverts (not a token). */
async function evmCall(
  nodeUrl: string,
  to: string,
  getter: Getter,
  timeoutMs: number,
): Promise<string | undefined> {
  const answer = (await post(
    nodeUrl,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to, data: `0x${SELECTORS[getter]}` }, 'latest'],
    },
    timeoutMs,
  )) as { result?: unknown; error?: { code?: number; message?: string } };
  if (typeof answer.result === 'string') return answer.result;
  // -32000/3 = execution reverted; anything else is the node's failure, not the token's.
  const message = answer.error?.message ?? '';
  if (/revert|invalid opcode|execution/i.test(message)) return undefined;
  throw new Unreachable(message || 'malformed JSON-RPC answer');
}

async function evmHasCode(nodeUrl: string, address: string, timeoutMs: number): Promise<boolean> {
  const answer = (await post(
    nodeUrl,
    { jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] },
    timeoutMs,
  )) as { result?: unknown };
  if (typeof answer.result !== 'string') throw new Unreachable('malformed eth_getCode answer');
  return answer.result !== '0x' && answer.result !== '0x0';
}

type TronCall = { kind: 'value'; hex: string } | { kind: 'missing' } | { kind: 'reverted' };

async function tronCall(
  nodeUrl: string,
  contract: string,
  getter: Getter,
  timeoutMs: number,
): Promise<TronCall> {
  const answer = (await post(
    `${nodeUrl.replace(/\/+$/, '')}/wallet/triggerconstantcontract`,
    {
      owner_address: contract,
      contract_address: contract,
      function_selector: SIGNATURES[getter],
      parameter: '',
      visible: true,
    },
    timeoutMs,
  )) as {
    result?: { result?: boolean; code?: string; message?: string };
    constant_result?: unknown[];
  };
  const code = answer.result?.code;
  if (code === 'CONTRACT_VALIDATE_ERROR') return { kind: 'missing' };
  if (code) throw new Unreachable(`TRON node: ${code}`);
  const hex = answer.constant_result?.[0];
  if (typeof hex !== 'string') throw new Unreachable('malformed triggerconstantcontract answer');
  return hex === '' || /REVERT/i.test(String(answer.result?.message ?? ''))
    ? { kind: 'reverted' }
    : { kind: 'value', hex };
}

function facts(name?: string, symbol?: string, decimals?: string): ChainAnswer {
  const n = name === undefined ? undefined : decodeString(name);
  const s = symbol === undefined ? undefined : decodeString(symbol);
  const d = decimals === undefined ? undefined : decodeUint8(decimals);
  if (n === undefined || s === undefined || d === undefined) return { kind: 'not-token' };
  return { kind: 'token', facts: { name: n, symbol: s, decimals: d } };
}

/** Asks the chain what token lives at `contract`. */
export async function readToken(
  endpoint: ChainEndpoint,
  contract: string,
  timeoutMs = 5000,
): Promise<ChainAnswer> {
  try {
    if (endpoint.platform === 'evm') {
      if (!(await evmHasCode(endpoint.nodeUrl, contract, timeoutMs))) return { kind: 'missing' };
      const call = (g: Getter) => evmCall(endpoint.nodeUrl, contract, g, timeoutMs);
      const [n, s, d] = await Promise.all([call('name'), call('symbol'), call('decimals')]);
      return facts(n, s, d);
    }
    const call = (g: Getter) => tronCall(endpoint.nodeUrl, contract, g, timeoutMs);
    const [n, s, d] = await Promise.all([call('name'), call('symbol'), call('decimals')]);
    if ([n, s, d].some((c) => c.kind === 'missing')) return { kind: 'missing' };
    const hex = (c: TronCall) => (c.kind === 'value' ? c.hex : undefined);
    return facts(hex(n), hex(s), hex(d));
  } catch (error) {
    if (error instanceof Unreachable) return { kind: 'unreachable', reason: error.message };
    throw error;
  }
}

/** The form's name must be the token's name or its symbol (case and spaces aside). */
export function nameMatches(formName: string, token: TokenFacts): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(formName) === norm(token.name) || norm(formName) === norm(token.symbol);
}

/** The error to answer for a chain check, or undefined when the contract fits the form. */
export function chainError(
  network: ListingNetwork,
  formName: string,
  answer: ChainAnswer,
): { status: number; field: string; message: string } | undefined {
  switch (answer.kind) {
    case 'missing':
      return { status: 400, field: 'contract', message: `has no contract on ${network}` };
    case 'not-token':
      return {
        status: 400,
        field: 'contract',
        message: `is not a token on ${network} (no name, symbol and decimals)`,
      };
    case 'unreachable':
      return {
        status: 503,
        field: 'contract',
        message: `could not be checked on ${network} right now; please try again later`,
      };
    case 'token':
      if (nameMatches(formName, answer.facts)) return undefined;
      return {
        status: 400,
        field: 'name',
        message: `does not match the contract: it is ${JSON.stringify(answer.facts.name)} (${answer.facts.symbol}, ${answer.facts.decimals} decimals)`,
      };
  }
}
