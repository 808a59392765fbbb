/**
 * The ethers provider of the writers and the dev wallet sends through the network's node pool:
 * its reads (gas estimates, receipts) move to the next node when one fails, a transaction is
 * sent once and never repeated on another node. Two real HTTP servers stand for the nodes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEvmNetwork } from '../../services/testing/networks';
import { forgetNodePools, nodesFor } from '../nodes';
import { destroyProviders, providerFor } from './provider';

type Call = { id: number; method: string; params: unknown[] };

interface FakeNode {
  url: string;
  /**
   * The calls received, the pool's chain and head checks left out. A read may reach a node
   * beside its first check; its answer is used only when the check passes.
   */
  methods: string[];
  /** The pool's checks received (eth_chainId with the latest block). */
  checks: number;
  /** What the node does: answer, fail with an HTTP status, or answer a revert. */
  mode: 'ok' | 500 | 429 | 'revert';
  /** Its gas estimate (to tell which node's answer was used). */
  gas: number;
  /** The chain it says it is on, and its head. */
  chainId: number;
  head: number;
  /** Its answers to the checks wait for this (to order two nodes' answers). */
  holdChecks: Promise<unknown>;
  /** Settles once it has sent its first answer to a check. */
  checkAnswered: Promise<void>;
  close(): Promise<void>;
}

const CHECKS = ['eth_chainId', 'eth_getBlockByNumber'];

async function fakeNode(): Promise<FakeNode> {
  let answered = () => {};
  const node = {
    methods: [] as string[],
    checks: 0,
    mode: 'ok' as FakeNode['mode'],
    gas: 21000,
    chainId: 31337,
    head: 1000,
    holdChecks: Promise.resolve() as Promise<unknown>,
    checkAnswered: new Promise<void>((resolve) => (answered = resolve)),
  };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', async () => {
      const body = JSON.parse(text) as Call | Call[];
      const calls = Array.isArray(body) ? body : [body];
      // The checks are answered whatever the mode: the mode is how the node treats the reads.
      if (calls.every((c) => CHECKS.includes(c.method))) {
        node.checks += 1;
        await node.holdChecks;
        const result = (c: Call) =>
          c.method === 'eth_chainId'
            ? `0x${node.chainId.toString(16)}`
            : {
                number: `0x${node.head.toString(16)}`,
                timestamp: `0x${(1_700_000_000 + node.head * 3).toString(16)}`,
              };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: result(c) }))),
          answered,
        );
        return;
      }
      node.methods.push(...calls.map((c) => c.method));
      if (typeof node.mode === 'number') {
        res.writeHead(node.mode).end('busy');
        return;
      }
      const answer = (c: Call) =>
        node.mode === 'revert' && c.method === 'eth_estimateGas'
          ? {
              jsonrpc: '2.0',
              id: c.id,
              error: { code: 3, message: 'execution reverted', data: '0x' },
            }
          : {
              jsonrpc: '2.0',
              id: c.id,
              result: c.method === 'eth_estimateGas' ? `0x${node.gas.toString(16)}` : '0x1',
            };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Array.isArray(body) ? calls.map(answer) : answer(calls[0] as Call)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(node, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let first: FakeNode;
let second: FakeNode;
beforeEach(async () => {
  forgetNodePools();
  [first, second] = await Promise.all([fakeNode(), fakeNode()]);
});
afterEach(async () => {
  destroyProviders();
  await Promise.all([first.close(), second.close()]);
});

const network = () =>
  fakeEvmNetwork({ nodeUrl: first.url, nodeUrls: [first.url, second.url], chainId: 31337 });
const tx = { to: `0x${'22'.repeat(20)}`, data: '0x' };

it('reads (gas estimates) move to the second node when the first answers 500, then 429', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  first.mode = 500;
  const provider = providerFor(network());
  expect(await provider.estimateGas(tx)).toBe(21000n);
  expect(first.methods).toEqual(['eth_estimateGas']);
  expect(second.methods).toEqual(['eth_estimateGas']);
  expect(provider.pool.isQuarantined(first.url)).toBe(true);
  // The same pool as the readers': they skip the first node now too.
  expect(nodesFor(network()).pool).toBe(provider.pool);
  warn.mockRestore();
});

it('a revert is the answer: the estimate fails without asking the second node', async () => {
  first.mode = 'revert';
  const provider = providerFor(network());
  await expect(provider.estimateGas(tx)).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
  expect(second.methods).toEqual([]);
  expect(provider.pool.status()).toBe('ok');
});

it('a transaction is never sent twice: a failed eth_sendRawTransaction is not repeated', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  first.mode = 429;
  const provider = providerFor(network());
  await expect(provider.send('eth_sendRawTransaction', ['0xf86c'])).rejects.toThrow('HTTP 429');
  expect(first.methods).toEqual(['eth_sendRawTransaction']);
  expect(second.methods).toEqual([]);
  // The next one goes to the node that is not in quarantine, once.
  await expect(provider.send('eth_sendRawTransaction', ['0xf86d'])).resolves.toBe('0x1');
  expect(second.methods).toEqual(['eth_sendRawTransaction']);
  warn.mockRestore();
});

it('a node of another chain is set aside for good: its answers are never used, the sends go to the next node', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  first.chainId = 137;
  first.gas = 99_999;
  const provider = providerFor(network());
  expect(await provider.estimateGas(tx)).toBe(21000n);
  // The first read went out beside the check; only the right chain's answer was used.
  expect(first.methods).toEqual(['eth_estimateGas']);
  expect(second.methods).toEqual(['eth_estimateGas']);
  expect(error.mock.calls.map((c) => String(c[0]))).toContainEqual(
    expect.stringContaining(`node ${first.url} is on chain 137, not 31337`),
  );
  await expect(provider.send('eth_sendRawTransaction', ['0xf86d'])).resolves.toBe('0x1');
  expect(first.methods).toEqual(['eth_estimateGas']);
  // Asked only once: it is not asked again on this page, even when the other node fails.
  second.mode = 500;
  await expect(provider.estimateGas(tx)).rejects.toThrow();
  expect(first.checks).toBe(1);
  expect(first.methods).toEqual(['eth_estimateGas']);
  expect(provider.pool.status()).toBe('unreachable');
  error.mockRestore();
});

it('with no node of the right chain the network is unreachable', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  first.chainId = 137;
  second.chainId = 56;
  const provider = providerFor(network());
  await expect(provider.estimateGas(tx)).rejects.toThrow(/is on chain (137|56), not 31337/);
  // The first was sent the read beside its check (which asked both nodes); no answer was used.
  expect(first.methods).toEqual(['eth_estimateGas']);
  expect(second.methods).toEqual([]);
  expect(nodesFor(network()).status$.getValue()).toBe('unreachable');
  error.mockRestore();
});

it('a node far behind the best head seen is passed over like a failing one', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  first.head = 900; // BSC-like 3 s blocks: more than 10 behind
  // The pool compares the heads that came within a second of the first node's: on a loaded
  // machine the second's could come later, so the first's answer waits for it.
  first.holdChecks = second.checkAnswered;
  first.gas = 99_999;
  const provider = providerFor(network());
  expect(await provider.estimateGas(tx)).toBe(21000n);
  expect(first.methods).toEqual(['eth_estimateGas']);
  expect(second.methods).toEqual(['eth_estimateGas']);
  expect(provider.pool.isQuarantined(first.url)).toBe(true);
  expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
    expect.stringContaining('100 blocks behind'),
  );
  warn.mockRestore();
});
