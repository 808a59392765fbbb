/**
 * The devnode's protocol tests share this setup: the unmodified tronweb package against a
 * devnode over a fresh anvil, with a small ERC20 compiled by solc (test-support.ts). Each test
 * file calls withTestDevnode with ports of its own; the bindings below are live.
 */
import { TronWeb } from 'tronweb';
import { startDevnode, type RunningDevnode } from '../index';
import { deployTestToken, KEYS } from '../test-support';
import { toBase58 } from '../address';

export const TRX = 1_000_000;

export let node: RunningDevnode;
export let url: string;
export let token: { address: string; abi: unknown[] };
export let tokenB58: string;

export const tw = (key = KEYS[0]!) => new TronWeb({ fullHost: url, privateKey: key });
export const addrOf = (key: string) => TronWeb.address.fromPrivateKey(key) as string;

export async function post(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

export const hexToUtf8 = (h: unknown) => Buffer.from(String(h), 'hex').toString('utf8');

export function withTestDevnode(anvilPort: number, nodePort: number): void {
  jest.setTimeout(60_000);
  beforeAll(async () => {
    node = await startDevnode({ anvilPort, port: nodePort });
    url = node.url;
    for (const k of KEYS) await node.devnode.setBalance(addrOf(k), 10_000n * 1_000_000n);
    token = await deployTestToken(node.rpcUrl, '0x' + KEYS[0], 1_000_000_000_000n);
    tokenB58 = toBase58(token.address);
    await post('/devnode/register', { address: tokenB58, abi: token.abi, name: 'TestToken' });
  });
  afterAll(async () => {
    await node?.stop();
  });
}
