/**
 * The TRON node client's failover: a node that fails (HTTP error, timeout, network
 * error, not the node API's JSON, "rate limited") is passed over for the next one; java-tron's
 * own answers (Error, a failed contract result, a revert) are answers and never switch nodes.
 */
import { AbiCoder } from 'ethers';
import { forgetNodePools } from '../nodes';
import { fakeEvmNetwork } from '../../services/testing/networks';
import type { NetworkConfig } from '../../config/types';
import { TronNode, view, type FetchLike } from './node';
import { TronReader, TRON_ZERO_ADDRESS } from './reader';
import { answeringChecks, tronCheckAnswer } from '../../services/testing/tronChain';

const FIRST = 'http://first.tron.test';
const SECOND = 'http://second.tron.test/';
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const balanceOf = view('balanceOf(address)', ['uint256']);
const instant = async () => undefined;

type Response = { ok: boolean; status: number; json(): Promise<unknown> };
type Reply = Response | 'hang' | Error;

const reply = (json: unknown, status = 200): Response => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => {
    if (json instanceof Error) throw json;
    return json;
  },
});
const answer = (value: bigint) =>
  reply({
    result: { result: true },
    constant_result: [AbiCoder.defaultAbiCoder().encode(['uint256'], [value]).slice(2)],
  });

/** A fetch double: `first` answers the first node's requests, the second node answers 42. */
function nodes(first: () => Reply) {
  const asked: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    asked.push(url);
    const r: Reply = url.startsWith(FIRST) ? first() : answer(42n);
    if (r === 'hang')
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    if (r instanceof Error) throw r;
    return r;
  };
  return { asked, fetch };
}

const call = (node: TronNode) => node.call(TOKEN, balanceOf, [`0x${'11'.repeat(20)}`], undefined);

describe('TronNode failover', () => {
  it.each<[string, () => Reply]>([
    ['HTTP 429', () => reply({ Error: 'too many' }, 429)],
    ['HTTP 503', () => reply('Service Unavailable', 503)],
    ['a network error', () => new TypeError('Failed to fetch')],
    ['an answer that is not JSON', () => reply(new SyntaxError('Unexpected token <'))],
    ['JSON that is not an object', () => reply(['x'])],
    ['an answer without a result', () => reply({ status: 'ok' })],
    [
      'TronGrid saying it is rate limited',
      () => reply({ Error: 'request rate exceeded the allowed_rps(15)' }),
    ],
  ])('a node that fails with %s: the read goes to the next node', async (_label, first) => {
    const { asked, fetch } = nodes(first);
    const node = new TronNode([FIRST, SECOND], fetch, { sleep: instant });
    await expect(call(node)).resolves.toEqual([42n]);
    expect(asked).toEqual([
      `${FIRST}/wallet/triggerconstantcontract`,
      'http://second.tron.test/wallet/triggerconstantcontract',
    ]);
    expect(node.pool.isQuarantined(FIRST)).toBe(true);
    // Quarantined: the next read goes straight to the second node.
    await call(node);
    expect(asked).toHaveLength(3);
  });

  it('a node that hangs: the read fails over after the timeout', async () => {
    const { asked, fetch } = nodes(() => 'hang');
    const node = new TronNode([FIRST, SECOND], fetch, { sleep: instant, timeoutMs: 30 });
    await expect(call(node)).resolves.toEqual([42n]);
    expect(asked).toHaveLength(2);
  });

  it.each<[string, unknown, string]>([
    ['a java-tron Error', { Error: 'class java.lang.IllegalArgumentException : bad' }, 'bad'],
    [
      'a failed contract result',
      {
        result: {
          code: 'CONTRACT_EXE_ERROR',
          message: Buffer.from('REVERT opcode executed').toString('hex'),
        },
      },
      'REVERT opcode executed',
    ],
    ['a revert', { result: { result: true }, constant_result: [''] }, 'reverted'],
    ['no output', { result: { result: true } }, 'Failed to execute'],
  ])('%s is the answer: no other node is asked', async (_label, json, message) => {
    const { asked, fetch } = nodes(() => reply(json));
    const node = new TronNode([FIRST, SECOND], fetch, { sleep: instant });
    await expect(call(node)).rejects.toThrow(message);
    expect(asked).toHaveLength(1);
    expect(node.pool.status()).toBe('ok');
  });

  it('every node down: the read fails and the pool says unreachable', async () => {
    const fetch: FetchLike = async () => reply({}, 502);
    const node = new TronNode([FIRST, SECOND], fetch, { sleep: instant });
    await expect(node.post('getaccount', {})).rejects.toThrow(
      'TRON node answered 502 to getaccount',
    );
    expect(node.pool.status()).toBe('unreachable');
  });
});

describe('TronReader on several nodes', () => {
  beforeEach(() => forgetNodePools());

  const network = (): NetworkConfig => ({
    ...fakeEvmNetwork(),
    id: 'TRON',
    platform: 'tron',
    nodeUrl: FIRST,
    nodeUrls: [FIRST, SECOND],
    baseToken: 'TRX',
    tokens: {
      TRX: {
        symbol: 'TRX',
        name: 'Tronix',
        address: TRON_ZERO_ADDRESS,
        decimals: 6,
        logoURI: '',
        tax: 0,
        isBase: true,
      },
      USDT: { symbol: 'USDT', name: 'Tether', address: TOKEN, decimals: 6, logoURI: '', tax: 0 },
    },
  });

  it('reads through the second node while the first fails, and shares its health in status$', async () => {
    const { asked, fetch } = nodes(() => reply({}, 500));
    const reader = new TronReader(network(), {
      fetch: answeringChecks(fetch, { chainId: network().chainId }),
      node: { sleep: instant },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await reader.balances(TRON_ZERO_ADDRESS, ['USDT'])).toEqual({ USDT: 42n });
    expect(reader.status$.value).toBe('ok');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`TRON: node ${FIRST} failed`));
    warn.mockRestore();
    expect(asked.filter((u) => u.startsWith(FIRST))).toHaveLength(1);
    // Another reader of the same network sees the same nodes.
    expect(new TronReader(network(), { fetch }).status$).toBe(reader.status$);
  });

  /**
   * Two nodes, each of its own chain and head: the first answers every read 7, the second 42
   * (so a read shows which node's answer was used).
   */
  function twoChains(first: { chainId: number; head?: number }, second: { chainId: number }) {
    const asked: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      const path = new URL(url).pathname;
      const check = tronCheckAnswer(
        path,
        JSON.parse(init.body),
        url.startsWith(FIRST) ? first : second,
      );
      asked.push(`${url.startsWith(FIRST) ? 'first' : 'second'} ${path}`);
      if (check !== undefined) return reply(check);
      return answer(url.startsWith(FIRST) ? 7n : 42n);
    };
    return { asked, fetch };
  }

  it('a node of another chain (its genesis block says so) is set aside: the reads come from the next node', async () => {
    const net = { ...network(), chainId: 728126428 };
    const { asked, fetch } = twoChains({ chainId: 3448148188 }, { chainId: 728126428 });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reader = new TronReader(net, { fetch, node: { sleep: instant } });
    expect(await reader.balances(TRON_ZERO_ADDRESS, ['USDT'])).toEqual({ USDT: 42n });
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining(`TRON: node ${FIRST} is on chain 3448148188, not 728126428`),
    );
    error.mockRestore();
    // The first node was asked its chain and, beside it, the first read, whose answer (7) was
    // never used.
    expect(asked.filter((a) => a.startsWith('first')).sort()).toEqual([
      'first /wallet/getblock',
      'first /wallet/getblock',
      'first /wallet/triggerconstantcontract',
    ]);
    expect(asked.filter((a) => a === 'second /wallet/triggerconstantcontract')).toHaveLength(1);
    expect(reader.status$.value).toBe('ok');
  });

  it('a TRON node far behind the other is passed over', async () => {
    const net = { ...network(), chainId: 728126428 };
    const { asked, fetch } = twoChains({ chainId: 728126428, head: 500 }, { chainId: 728126428 });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reader = new TronReader(net, { fetch, node: { sleep: instant } });
    expect(await reader.balances(TRON_ZERO_ADDRESS, ['USDT'])).toEqual({ USDT: 42n });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`TRON: node ${FIRST} is 500 blocks behind`),
    );
    warn.mockRestore();
    // Its answer to the read sent beside its check (7) was not used.
    expect(asked.filter((a) => a === 'first /wallet/triggerconstantcontract')).toHaveLength(1);
  });
});
