/**
 * Unit tests of the TRON adapter without a node: error mapping, the chain check, the TronLink
 * connector's detection/events/refusals, the reader's caches and concurrency, and the writer's
 * choice of function, fee limit, call value and taxes, and its transaction-info polling.
 */
import { AbiCoder } from 'ethers';
import { TronWeb } from 'tronweb';
import productionFile from '../../../config/networks.production.json';
import type { NetworkConfig, NetworksFile } from '../../config/types';
import { MAX_APPROVAL } from '../../core/constants';
import { ChainError } from '../../core/errors';
import {
  TRON_MAINNET_CHAIN_ID,
  TRON_NILE_CHAIN_ID,
  TRON_SHASTA_CHAIN_ID,
  chainIdFromGenesisId,
  nodeChainId,
} from './chain';
import { TRON_DEV_PRIVATE_KEY, TronDevConnector } from './dev-wallet';
import {
  decodeRevertReason,
  isUserRejection,
  toSendError,
  transactionFailed,
  userRejectedError,
} from './errors';
import { tronAdapter } from './index';
import { forgetNodePools } from '../nodes';
import { answeringChecks, tronCheckAnswer } from '../../services/testing/tronChain';
import { PAIR_CACHE_MS, TronReader, readOnlyAddresses, TRON_ZERO_ADDRESS } from './reader';
import { TronLinkConnector, watchAsset, type TronLinkWindow } from './tronlink';
import type { TronWebLike } from './tronweb-like';
import { SIMULATION_WAIT_MS, TronWriter, type TronWalletConnection } from './writer';
import { withPendingTransaction } from '../../bus/pending';

const MAINNET_GENESIS = '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc';
const NILE_GENESIS = '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc';
const SHASTA_GENESIS = '0000000000000000de1aa88295e1fcf982742f773e0419c5a9c134c994a9059e';
const ME = TronWeb.address.fromPrivateKey(TRON_DEV_PRIVATE_KEY) as string;
const TXID = 'ab'.repeat(32);

/**
 * Lets the pending promise callbacks run, turn after turn of the event loop, until `done` holds
 * (at most `max` turns). The fakes here answer without timers, so this waits for what they
 * started, not for time to pass.
 */
async function turns(done: () => boolean = () => false, max = 50): Promise<void> {
  for (let i = 0; i < max && !done(); i++) await new Promise((r) => setImmediate(r));
}

const addr = (n: number) => TronWeb.address.fromHex(`41${n.toString(16).padStart(40, '0')}`);

/** The production TRON entry with made-up contract addresses. */
function testNetwork(): NetworkConfig {
  const network = structuredClone((productionFile as unknown as NetworksFile).networks.TRON);
  let n = 0x1000;
  for (const token of Object.values(network.tokens)) {
    token.address = addr((n += 1));
    token.hex = TronWeb.address.toHex(token.address);
  }
  network.exchange = {
    ...network.exchange,
    FACTORY_ADDRESS: addr(0xf1),
    ROUTER_ADDRESS: addr(0xf2),
    LIQUIDITY_ROUTER: addr(0xf3),
    SWAP_API: addr(0xf4),
  };
  // Nothing listens on port 1: a read that reaches for a node fails at once, never the internet.
  network.nodeUrl = 'http://127.0.0.1:1';
  delete network.nodeUrls;
  return network;
}

interface Sent {
  address: string;
  name: string;
  args: unknown[];
  options: { feeLimit: number; callValue: number };
}

/** A TronWeb double: contract calls answer from `calls`, sends are recorded. */
function fakeTronWeb(
  opts: {
    genesis?: string;
    info?: () => Promise<unknown>;
    calls?: (name: string, args: unknown[]) => unknown;
    send?: (name: string) => Promise<unknown>;
  } = {},
) {
  const sent: Sent[] = [];
  const tronWeb = {
    defaultAddress: { base58: ME, hex: TronWeb.address.toHex(ME) },
    fullNode: { host: 'http://node-a' },
    trx: {
      getBlockByNumber: jest.fn(async () => ({ blockID: opts.genesis ?? MAINNET_GENESIS })),
      getNodeInfo: jest.fn(async () => ({ configNodeInfo: { p2pVersion: '11111' } })),
      getUnconfirmedBalance: jest.fn(async () => 5_000_000),
      getAccountResources: jest.fn(async () => ({})),
      getBandwidth: jest.fn(async () => 600),
      getUnconfirmedTransactionInfo: jest.fn(
        opts.info ?? (async () => ({ id: TXID, fee: 1234, receipt: { result: 'SUCCESS' } })),
      ),
    },
    contract: (_abi: unknown, address: string) => ({
      methods: new Proxy(
        {},
        {
          get:
            (_t, name: string) =>
            (...args: unknown[]) => ({
              call: async () => (opts.calls ? opts.calls(name, args) : 0n),
              send: async (options: Sent['options']) => {
                sent.push({ address, name, args, options });
                return opts.send ? opts.send(name) : TXID;
              },
            }),
        },
      ),
    }),
  };
  return { tronWeb: tronWeb as unknown as TronWebLike & typeof tronWeb, sent };
}

function walletOn(tronWeb: TronWebLike): TronWalletConnection {
  return {
    kind: 'dev',
    name: 'test',
    platform: 'tron',
    address: ME,
    getTronWeb: () => tronWeb,
    chainId: async () => TRON_MAINNET_CHAIN_ID,
    switchChain: async () => undefined,
    onChange: () => () => undefined,
    disconnect: async () => undefined,
  };
}

describe('errors', () => {
  test('wallet rejections in every form TronLink uses', () => {
    expect(isUserRejection('Confirmation declined by user')).toBe(true);
    expect(isUserRejection(new Error('Confirmation declined by user'))).toBe(true);
    expect(isUserRejection({ code: 4001, message: 'User rejected the request.' })).toBe(true);
    expect(isUserRejection(userRejectedError())).toBe(true);
    expect(isUserRejection(new Error('REVERT opcode executed'))).toBe(false);
    const mapped = toSendError('Confirmation declined by user');
    expect(mapped).toBeInstanceOf(ChainError);
    expect(mapped.code).toBe('4001');
  });

  test('broadcast errors keep java-tron code as detail; ChainErrors pass through', () => {
    const broadcast = Object.assign(new Error('balance is not sufficient'), {
      error: 'CONTRACT_VALIDATE_ERROR',
    });
    expect(toSendError(broadcast)).toMatchObject({
      code: 'TRANSACTION_FAILED',
      message: 'Transaction failed',
      detail: 'CONTRACT_VALIDATE_ERROR',
    });
    const failed = transactionFailed('OUT_OF_ENERGY', { txid: TXID });
    expect(toSendError(failed)).toBe(failed);
    expect(toSendError(new Error('socket hang up'))).toMatchObject({ detail: 'socket hang up' });
  });

  test('revert reasons are decoded from Error(string) payloads', () => {
    const reason = 'JMSwap: EXPIRED';
    const hex = Buffer.from(reason).toString('hex');
    const payload =
      '08c379a0' +
      (32).toString(16).padStart(64, '0') +
      reason.length.toString(16).padStart(64, '0') +
      hex.padEnd(64, '0');
    expect(decodeRevertReason(payload)).toBe(reason);
    expect(decodeRevertReason(`0x${payload}`)).toBe(reason);
    expect(decodeRevertReason('')).toBeUndefined();
    expect(decodeRevertReason('deadbeef')).toBeUndefined();
  });
});

describe('chain id', () => {
  test('from the genesis block id (mainnet, Nile, Shasta)', async () => {
    expect(chainIdFromGenesisId(MAINNET_GENESIS)).toBe(TRON_MAINNET_CHAIN_ID);
    expect(chainIdFromGenesisId(NILE_GENESIS)).toBe(TRON_NILE_CHAIN_ID);
    expect(chainIdFromGenesisId(SHASTA_GENESIS)).toBe(TRON_SHASTA_CHAIN_ID);
    expect(await nodeChainId(fakeTronWeb({ genesis: NILE_GENESIS }).tronWeb)).toBe(
      TRON_NILE_CHAIN_ID,
    );
  });

  test('an unknown genesis (the devnode) falls back to getnodeinfo p2pVersion', async () => {
    const { tronWeb } = fakeTronWeb({ genesis: '11'.repeat(32) });
    expect(await nodeChainId(tronWeb)).toBe(TRON_MAINNET_CHAIN_ID); // p2pVersion 11111
    tronWeb.trx.getNodeInfo.mockResolvedValue({ configNodeInfo: { p2pVersion: '728126428' } });
    expect(await nodeChainId(tronWeb)).toBe(728126428);
    tronWeb.trx.getBlockByNumber.mockRejectedValue(new Error('down'));
    tronWeb.trx.getNodeInfo.mockRejectedValue(new Error('down'));
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await nodeChainId(tronWeb)).toBeUndefined();
    spy.mockRestore();
  });
});

describe('TronLink connector', () => {
  function fakeWindow(tronWeb: TronWebLike | undefined, request?: (a: unknown) => unknown) {
    const target = new EventTarget();
    const calls: unknown[] = [];
    const win = Object.assign(target, {
      tronLink: tronWeb
        ? {
            ready: true,
            tronWeb,
            request: async (args: unknown) => {
              calls.push(args);
              return request ? request(args) : { code: 200, message: 'ok' };
            },
          }
        : undefined,
      tronWeb,
    }) as unknown as TronLinkWindow & EventTarget;
    const post = (action: string, source: unknown = null) => {
      const event = new Event('message');
      Object.assign(event, { data: { message: { action, data: {} }, isTronLink: true }, source });
      target.dispatchEvent(event);
    };
    return { win, calls, post };
  }

  const network = testNetwork();

  test('waits for a late injection', async () => {
    jest.useFakeTimers();
    try {
      const { tronWeb } = fakeTronWeb();
      const page: { tronLink?: TronLinkWindow } = {};
      const connector = new TronLinkConnector({ getWindow: () => page.tronLink, stepMs: 10 });
      expect(connector.isAvailable()).toBe(false);
      const connecting = connector.connect(network);
      await jest.advanceTimersByTimeAsync(50); // still looking
      page.tronLink = fakeWindow(tronWeb).win; // the extension injects late
      await jest.advanceTimersByTimeAsync(10);
      const wallet = await connecting;
      expect(wallet.address).toBe(ME);
      expect(connector.isAvailable()).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  test('TronLink on Nile: switchChain and every send are refused with a clear message', async () => {
    const { tronWeb, sent } = fakeTronWeb({ genesis: NILE_GENESIS });
    const { win } = fakeWindow(tronWeb);
    const wallet = await new TronLinkConnector({ getWindow: () => win }).connect(network);
    expect(await wallet.chainId()).toBe(TRON_NILE_CHAIN_ID);
    const refusal = {
      code: 'WRONG_NETWORK',
      message:
        "TronLink is connected to Nile testnet, but this page uses TRON (TRON Mainnet). Switch TronLink's node to TRON.",
    };
    await expect(wallet.switchChain(network)).rejects.toMatchObject(refusal);
    const writer = new TronWriter(network, wallet);
    await expect(writer.approve('JM', network.exchange.ROUTER_ADDRESS)).rejects.toMatchObject(
      refusal,
    );
    expect(sent).toEqual([]);
    // TronLink moves to mainnet: a setNode message (with a new node) clears the refusal
    tronWeb.trx.getBlockByNumber.mockResolvedValue({ blockID: MAINNET_GENESIS });
    tronWeb.fullNode.host = 'https://api.trongrid.io';
    const changes: unknown[] = [];
    wallet.onChange((c) => changes.push(c));
    const { post } = { post: (a: string) => fakeWindowPost(win, a) };
    post('setNode');
    await turns(() => changes.length > 0); // the new node's genesis is read first
    expect(changes).toEqual([{ type: 'chain', value: TRON_MAINNET_CHAIN_ID }]);
    // No node here to simulate on (the simulation has tests of its own): the spec's fee limit.
    const feeLimit = jest
      .spyOn(TronWriter.prototype, 'feeLimitFor')
      .mockImplementation(async (_call, options) => options.feeLimit);
    await writer.approve('JM', network.exchange.ROUTER_ADDRESS);
    feeLimit.mockRestore();
    expect(sent).toHaveLength(1);
    await wallet.disconnect();
  });

  function fakeWindowPost(win: TronLinkWindow, action: string, source: unknown = null) {
    const event = new Event('message');
    Object.assign(event, { data: { message: { action, data: {} }, isTronLink: true }, source });
    (win as unknown as EventTarget).dispatchEvent(event);
  }

  test('messages are hints only: forged, foreign-source or unknown actions change nothing', async () => {
    const { tronWeb } = fakeTronWeb();
    const { win, post } = fakeWindow(tronWeb);
    const wallet = await new TronLinkConnector({ getWindow: () => win }).connect(network);
    const changes: unknown[] = [];
    const off = wallet.onChange((c) => changes.push(c));
    post('setNode'); // same node
    post('setAccount'); // same account
    post('connect');
    tronWeb.defaultAddress.base58 = addr(7);
    post('setAccount', { postMessage: () => undefined }); // another frame
    await turns(); // whatever a message started has ended
    expect(changes).toEqual([]);
    post('setAccount');
    expect(changes).toEqual([{ type: 'accounts', value: addr(7) }]);
    off();
  });

  test('the address poll catches changes without messages; a locked TronLink is a disconnect', async () => {
    const { tronWeb } = fakeTronWeb();
    const { win } = fakeWindow(tronWeb);
    const wallet = await new TronLinkConnector({ getWindow: () => win, addressPollMs: 20 }).connect(
      network,
    );
    jest.useFakeTimers();
    const changes: unknown[] = [];
    const off = wallet.onChange((c) => changes.push(c));
    try {
      tronWeb.defaultAddress.base58 = addr(8);
      await jest.advanceTimersByTimeAsync(20); // one poll
      expect(changes).toEqual([{ type: 'accounts', value: addr(8) }]);
      (tronWeb.defaultAddress as { base58: string | false }).base58 = false;
      await jest.advanceTimersByTimeAsync(20);
      expect(changes).toEqual([{ type: 'accounts', value: addr(8) }, { type: 'disconnect' }]);
    } finally {
      off();
      jest.useRealTimers();
    }
    await wallet.disconnect();
  });

  test('after a page load: the account TronLink still shows this site, with no prompt; locked or absent, nothing', async () => {
    const { tronWeb } = fakeTronWeb();
    const { win, calls } = fakeWindow(tronWeb);
    const connector = new TronLinkConnector({ getWindow: () => win, injectionTimeoutMs: 30 });
    const restored = await connector.restore(network);
    expect(restored?.address).toBe(ME);
    expect(calls).toEqual([]); // tron_requestAccounts would prompt
    await restored?.disconnect();
    (tronWeb.defaultAddress as { base58: string | false }).base58 = false; // locked
    expect(await connector.restore(network)).toBeUndefined();
    const none = new TronLinkConnector({ getWindow: () => undefined, injectionTimeoutMs: 30 });
    expect(await none.restore(network)).toBeUndefined();
  });

  test('a request that throws 4001 is a rejection; other answers mean install or unlock', async () => {
    const { tronWeb } = fakeTronWeb();
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const thrown = fakeWindow(tronWeb, () => {
        throw { code: 4001, message: 'User rejected the request.' };
      });
      await expect(
        new TronLinkConnector({ getWindow: () => thrown.win }).connect(network),
      ).rejects.toMatchObject({ code: '4001' });
      const odd = fakeWindow(tronWeb, () => ({ code: 4000, message: 'queued' }));
      await expect(
        new TronLinkConnector({ getWindow: () => odd.win }).connect(network),
      ).rejects.toThrow('Install or unlock TronLink');
      const noAddress = fakeTronWeb().tronWeb;
      (noAddress.defaultAddress as { base58: string | false }).base58 = false;
      const empty = fakeWindow(noAddress);
      await expect(
        new TronLinkConnector({
          getWindow: () => empty.win,
          injectionTimeoutMs: 50,
          stepMs: 10,
        }).connect(network),
      ).rejects.toMatchObject({
        code: 'WALLET_NOT_CONNECTED',
        message: 'Install or unlock TronLink',
      });
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });

  test('watchAsset: trc20 request; declined -> 4001; no TronLink -> false', async () => {
    const { tronWeb } = fakeTronWeb();
    const ok = fakeWindow(tronWeb, () => true);
    expect(await watchAsset(network.tokens.JM!, () => ok.win)).toBe(true);
    expect(ok.calls).toEqual([
      {
        method: 'wallet_watchAsset',
        params: { type: 'trc20', options: { address: network.tokens.JM!.address } },
      },
    ]);
    const declined = fakeWindow(tronWeb, () => ({ code: 4001, message: 'User rejected' }));
    await expect(watchAsset('TXYZ', () => declined.win)).rejects.toMatchObject({ code: '4001' });
    expect(await watchAsset('TXYZ', () => undefined)).toBe(false);
  });
});

/**
 * A TRON node double over fetch: constant calls answer from `calls` (by function signature),
 * ABI-encoded by ethers; accounts from `accounts`. Records every request.
 */
function fakeNode(
  opts: {
    calls?: (signature: string, parameter: string) => unknown;
    accounts?: (path: string) => unknown;
  } = {},
) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = jest.fn(async (url: string, init: { body: string }) => {
    const path = new URL(url).pathname;
    const body = JSON.parse(init.body) as Record<string, unknown>;
    const check = tronCheckAnswer(path, body);
    if (check !== undefined) return { ok: true, status: 200, json: async () => check };
    requests.push({ path, body });
    let answer: unknown;
    if (path === '/wallet/triggerconstantcontract') {
      const signature = String(body.function_selector);
      const value = await (opts.calls ?? (() => 0n))(signature, String(body.parameter));
      // A bigint is a uint256; { abi: [types, values] } any other result.
      const [types, values] =
        typeof value === 'object' && value !== null && 'abi' in value
          ? (value as { abi: [string[], unknown[]] }).abi
          : [['uint256'], [value]];
      answer = {
        result: { result: true },
        constant_result: [AbiCoder.defaultAbiCoder().encode(types, values).slice(2)],
      };
    } else {
      answer = opts.accounts?.(path) ?? {};
    }
    return { ok: true, status: 200, json: async () => answer };
  });
  return { fetch, requests };
}

describe('reader (node double)', () => {
  const network = testNetwork();
  // Each test starts with nodes nobody has asked yet (the pools are per page, shared by readers).
  beforeEach(() => forgetNodePools());

  test('read-only senders: the owner address when valid, else the zero address', () => {
    expect(readOnlyAddresses(network)).toEqual([TRON_ZERO_ADDRESS]);
    expect(readOnlyAddresses({ ...network, api: { url: '', ownerAddress: ME } })).toEqual([
      ME,
      TRON_ZERO_ADDRESS,
    ]);
  });

  test('balances are requested concurrently and cached 5 s per owner and symbol', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { fetch, requests } = fakeNode({
      calls: async (signature) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // A node's latency, not a wait for a condition: the requests sent together overlap.
        await new Promise((r) => setTimeout(r, 10));
        inFlight -= 1;
        return signature === 'balanceOf(address)' ? 42n : 0n;
      },
      accounts: (path) => (path === '/wallet/getaccount' ? { balance: 5_000_000 } : {}),
    });
    let now = 1_000_000;
    const reader = new TronReader(network, { fetch, now: () => now });
    expect(await reader.balances(ME, ['TRX', 'JM', 'USDT', 'BBT'])).toEqual({
      TRX: 5_000_000n,
      JM: 42n,
      USDT: 42n,
      BBT: 42n,
    });
    expect(maxInFlight).toBe(3);
    const accountReads = () => requests.filter((r) => r.path === '/wallet/getaccount').length;
    // As tronweb asks: 41-hex, no `visible`; the owner ABI-encoded as 20 bytes.
    expect(requests.find((r) => r.path === '/wallet/getaccount')?.body).toEqual({
      address: TronWeb.address.toHex(ME).toLowerCase(),
    });
    const call = requests.find((r) => r.path === '/wallet/triggerconstantcontract')?.body;
    expect(call).toMatchObject({
      owner_address: TronWeb.address.toHex(TRON_ZERO_ADDRESS).toLowerCase(),
      function_selector: 'balanceOf(address)',
      parameter: TronWeb.address.toHex(ME).slice(2).toLowerCase().padStart(64, '0'),
      call_value: 0,
    });
    expect(accountReads()).toBe(1);
    await reader.balances(ME, ['TRX']);
    expect(accountReads()).toBe(1);
    now += 5_000;
    await reader.balances(ME, ['TRX']);
    expect(accountReads()).toBe(2);
    reader.reset();
    await reader.balances(ME, ['TRX']);
    expect(accountReads()).toBe(3);
  });

  /**
   * getAllPairsBalances' answer listing one JM/TRX pool with reserves 7 and 9, its pair given
   * as a word (ethers encodes no 21-byte address), byte for byte an address[].
   */
  const jmTrxListing = (pairWord: bigint, reserveA = 7n) => {
    const hex = (address: string) => `0x${TronWeb.address.toHex(address).slice(2)}`;
    const list = ['uint256[]', 'address[]', 'address[]', 'bytes[]', 'bytes[]'];
    return {
      abi: [
        [...list, 'uint256[]', 'uint256[]'],
        [
          [pairWord],
          [hex(network.tokens.JM!.address)],
          [hex(network.tokens.TRX!.address)],
          ['0x'],
          ['0x'],
          [reserveA],
          [9n],
        ],
      ],
    };
  };

  test('the pool listing gives pair and token addresses in base58; a word holding no address fails the read', async () => {
    const hex = (address: string) => `0x${TronWeb.address.toHex(address).slice(2)}`;
    const pair = addr(0x5000);
    let pairWord = hex(pair);
    const { fetch } = fakeNode({
      calls: (signature) => {
        if (signature === 'getPair(address,address)') return BigInt(pairWord);
        if (signature !== 'getAllPairsBalances(uint256,uint256)') return 0n;
        return jmTrxListing(BigInt(pairWord));
      },
    });
    const listed = { ...network, pools: [] };
    expect(await new TronReader(listed, { fetch }).pairReserves()).toEqual([
      { pair, symbolA: 'JM', symbolB: 'TRX', reserveA: 7n, reserveB: 9n },
    ]);
    // 21 bytes: not an address (the top of the word must be zero).
    pairWord = `0x01${hex(pair).slice(2)}`;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await new TronReader(listed, { fetch }).pairReserves()).toBeUndefined();
    expect(String(error.mock.calls[0]?.[1])).toMatch(/address out of range/);
    error.mockRestore();
  });

  test("pools older than 5 s are served while one read runs; SWAP's fresh quote waits for it; a failed read keeps them", async () => {
    const hex = (address: string) => `0x${TronWeb.address.toHex(address).slice(2)}`;
    const pairWord = BigInt(hex(addr(0x5000)));
    // The node answers a listing only when the test lets it (one at a time, in order).
    const gates: Array<() => void> = [];
    let failing = false;
    let reserveA = 7n;
    const { fetch, requests } = fakeNode({
      calls: async (signature) => {
        if (signature === 'getPair(address,address)') return pairWord;
        if (signature !== 'getAllPairsBalances(uint256,uint256)') return 0n;
        await new Promise<void>((resolve) => gates.push(resolve));
        // 21 bytes where an address belongs: the read fails.
        return jmTrxListing(
          failing ? BigInt(`0x01${pairWord.toString(16).padStart(40, '0')}`) : pairWord,
          reserveA,
        );
      },
    });
    const listings = () =>
      requests.filter((r) => r.body.function_selector === 'getAllPairsBalances(uint256,uint256)')
        .length;
    /** Answers the listing reads once they are asked, and lets what they feed finish. */
    const answer = async () => {
      await turns(() => gates.length > 0);
      expect(gates.length).toBeGreaterThan(0);
      while (gates.length > 0) gates.shift()!();
      await turns();
    };
    let now = 1_000_000;
    const reader = new TronReader({ ...network, pools: [] }, { fetch, now: () => now });
    const first = reader.pairReserves();
    await answer();
    const v1 = await first;
    expect(v1).toHaveLength(1);
    const readsBefore = listings();
    now += PAIR_CACHE_MS;
    // A keystroke 5 s later: the kept pools at once, and one read (its three pages) begins.
    expect(await reader.pairReserves()).toBe(v1);
    expect(await reader.pairReserves()).toBe(v1);
    // A trade meanwhile: the fresh request gets the new reserves.
    reserveA = 8n;
    const fresh = reader.pairReserves({ fresh: true });
    await answer();
    const v2 = await fresh;
    expect(v2).not.toBe(v1);
    expect(v2).toEqual([{ ...v1![0], reserveA: 8n }]);
    expect(listings()).toBe(2 * readsBefore);
    expect(await reader.pairReserves()).toBe(v2);
    // A failed read: the last pools stay for the keystrokes, a fresh request hears it failed.
    now += PAIR_CACHE_MS;
    failing = true;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const waited = reader.pairReserves({ fresh: true });
    expect(await reader.pairReserves()).toBe(v2);
    await answer();
    expect(await waited).toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    failing = false;
    const next = reader.pairReserves();
    expect(await next).toBe(v2);
    await answer();
    // That read found the same reserves: the kept pools stay (routing's graph of them too).
    expect(await reader.pairReserves()).toBe(v2);
    expect(listings()).toBe(4 * readsBefore);
    reader.reset();
    const afterReset = reader.pairReserves();
    await answer();
    expect(await afterReset).not.toBe(v2);
  });

  test('a wallet in many pools: every position, page 1 of 7 alone, then pages of 70 side by side, shown as they come', async () => {
    const hex = (address: string) => `0x${TronWeb.address.toHex(address).slice(2)}`;
    const pair = addr(0x5000);
    // 75 positions (the reader used to stop at 70): page 1 of 7, then pages of 70: 70 and 5.
    const held = 75;
    let inFlight = 0;
    let maxInFlight = 0;
    const { fetch, requests } = fakeNode({
      calls: async (signature, parameter) => {
        if (signature === 'getPair(address,address)') return BigInt(hex(pair));
        if (signature === 'getAllPairsBalances(uint256,uint256)')
          return jmTrxListing(BigInt(hex(pair)));
        if (signature !== 'getUserLP(address,uint256,uint256)') return 0n;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // A node's latency, not a wait for a condition: the pages sent together overlap.
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        const page = Number(BigInt(`0x${parameter.slice(-64)}`));
        const size = Number(BigInt(`0x${parameter.slice(-128, -64)}`));
        const from = (page - 1) * size;
        const count = Math.max(0, Math.min(size, held - from));
        const words = (value: bigint) => Array<bigint>(count).fill(value);
        return {
          abi: [
            ['uint256[]', 'bytes[]', 'bytes[]', 'uint256[]', 'uint256[]', 'uint256[]', 'uint256[]'],
            [
              words(BigInt(hex(pair))),
              Array<string>(count).fill('0x'),
              Array<string>(count).fill('0x'),
              words(1000n),
              Array.from({ length: count }, (_, i) => BigInt(from + i + 1)),
              words(3n),
              words(4n),
            ],
          ],
        };
      },
    });
    const reader = new TronReader({ ...network, pools: [] }, { fetch });
    const shown: number[] = [];
    const positions = (await reader.userPositions(ME, (soFar) => shown.push(soFar.length)))!;
    expect(positions.map((p) => p.userLiquidity)).toEqual(
      Array.from({ length: 75 }, (_, i) => BigInt(i + 1)),
    );
    expect(positions[74]).toMatchObject({ pair, symbolA: 'JM', symbolB: 'TRX' });
    // Page 1 (7), page 1 of 70 read anew in its place, then the last 5.
    expect(shown).toEqual([7, 70, 75]);
    const pages = requests.filter(
      (r) => r.body.function_selector === 'getUserLP(address,uint256,uint256)',
    );
    expect(pages).toHaveLength(11);
    expect(maxInFlight).toBe(10);
  });

  test('a TRX balance of an account the node does not know is 0', async () => {
    const { fetch } = fakeNode();
    const reader = new TronReader(network, { fetch });
    expect(await reader.balances(ME, ['TRX'])).toEqual({ TRX: 0n });
  });

  test('resources: java-tron omits zero fields; used above the limit is 0', async () => {
    let resource: object = {};
    const { fetch } = fakeNode({
      accounts: (path) =>
        path === '/wallet/getaccountresource'
          ? resource
          : path === '/wallet/getaccountnet'
            ? { freeNetLimit: 600, NetLimit: 50, NetUsed: 20, freeNetUsed: 30 }
            : {},
    });
    const reader = new TronReader(network, { fetch });
    expect(await reader.resources(ME)).toEqual({ energy: 0n, bandwidth: 600n });
    resource = { EnergyLimit: 100, EnergyUsed: 150 };
    expect((await reader.resources(ME))?.energy).toBe(0n);
    resource = { EnergyLimit: 300_000, EnergyUsed: 1 };
    expect((await reader.resources(ME))?.energy).toBe(299_999n);
  });

  test('the base coin needs no approval; a failing read is undefined and unreachable', async () => {
    let down = true;
    const { fetch } = fakeNode({
      calls: () => {
        if (down) throw new Error('boom');
        return 7n;
      },
    });
    const reader = new TronReader(network, { fetch });
    expect(await reader.allowance('TRX', ME, network.exchange.ROUTER_ADDRESS)).toBe(MAX_APPROVAL);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await reader.allowance('JM', ME, network.exchange.ROUTER_ADDRESS)).toBeUndefined();
    expect(reader.status$.value).toBe('unreachable');
    spy.mockRestore();
    warn.mockRestore();
    // The node answers again: the next read clears it by itself.
    down = false;
    expect(await reader.allowance('JM', ME, network.exchange.ROUTER_ADDRESS)).toBe(7n);
    expect(reader.status$.value).toBe('ok');
  });

  test.each([
    ['a java-tron Error', { Error: 'class java.lang.IllegalArgumentException : bad' }, 'bad'],
    [
      'a hex result message',
      {
        result: {
          code: 'OTHER_ERROR',
          message: Buffer.from('REVERT opcode executed').toString('hex'),
        },
      },
      'REVERT opcode executed',
    ],
    ['a revert', { result: { result: true }, constant_result: [''] }, 'reverted'],
  ])(
    'a constant call answered with %s fails the read (an answer: no failover)',
    async (_label, answer, message) => {
      const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => answer }));
      const errors: unknown[] = [];
      const spy = jest
        .spyOn(console, 'error')
        .mockImplementation((...args) => errors.push(args[1]));
      const reader = new TronReader(network, { fetch: answeringChecks(fetch) });
      expect(await reader.allowance('JM', ME, network.exchange.ROUTER_ADDRESS)).toBeUndefined();
      spy.mockRestore();
      expect(String(errors[0])).toContain(message);
      // The node answered: it is healthy, and no other node is asked.
      expect(reader.status$.value).toBe('ok');
      expect(fetch).toHaveBeenCalledTimes(1);
    },
  );
});

describe('writer (TronWeb double)', () => {
  const network = testNetwork();
  // No node behind this double: the simulation that sets the fee limit has its own tests against
  // the devnode (tron.integration). Without this, each send would wait on the production node's
  // URL until the read timeout where the network hangs instead of refusing.
  let feeLimit: jest.SpyInstance;
  beforeEach(() => {
    feeLimit = jest
      .spyOn(TronWriter.prototype, 'feeLimitFor')
      .mockImplementation(async (_call, options) => options.feeLimit);
  });
  afterEach(() => feeLimit.mockRestore());
  const a = (symbol: string) => network.tokens[symbol]!.address;
  const tax = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

  test('the six swaps: function, arguments, call value, taxes, 100 TRX fee limit', async () => {
    const { tronWeb, sent } = fakeTronWeb();
    const writer = new TronWriter(network, walletOn(tronWeb), { pollIntervalMs: 1 });
    const order = { amount: 1000n, bound: 900n, recipient: ME, deadline: 99n };
    await writer.swap({ ...order, kind: 'exactIn', path: ['TRX', 'JM'] });
    await writer.swap({ ...order, kind: 'exactIn', path: ['JM', 'TRX'] });
    await writer.swap({ ...order, kind: 'exactIn', path: ['JM', 'USDT'] });
    await writer.swap({ ...order, kind: 'exactOut', bound: 1100n, path: ['TRX', 'USDT', 'JM'] });
    await writer.swap({ ...order, kind: 'exactOut', bound: 1100n, path: ['BBT', 'TRX'] });
    await writer.swap({ ...order, kind: 'exactOut', bound: 1100n, path: ['USDT', 'JM'] });
    const R = network.exchange.ROUTER_ADDRESS;
    expect(sent).toEqual([
      {
        address: R,
        name: 'swapExactBaseForTokens',
        args: ['900', [a('TRX'), a('JM')], [tax(0), tax(3)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 1000 },
      },
      {
        address: R,
        name: 'swapExactTokensForBase',
        args: ['1000', '900', [a('JM'), a('TRX')], [tax(3), tax(0)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 0 },
      },
      {
        address: R,
        name: 'swapExactTokensForTokens',
        args: ['1000', '900', [a('JM'), a('USDT')], [tax(3), tax(0)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 0 },
      },
      {
        address: R,
        name: 'swapBaseForExactTokens',
        args: ['1000', [a('TRX'), a('USDT'), a('JM')], [tax(0), tax(0), tax(3)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 1100 },
      },
      {
        address: R,
        name: 'swapTokensForExactBase',
        args: ['1000', '1100', [a('BBT'), a('TRX')], [tax(5), tax(0)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 0 },
      },
      {
        address: R,
        name: 'swapTokensForExactTokens',
        args: ['1000', '1100', [a('USDT'), a('JM')], [tax(0), tax(3)], ME, '99'],
        options: { feeLimit: 100_000_000, callValue: 0 },
      },
    ]);
  });

  test('liquidity: 200 TRX fee limit, router choice; the writer never approves on its own (services do)', async () => {
    const allowances: Record<string, bigint> = {};
    const { tronWeb, sent } = fakeTronWeb({
      calls: (name, args) => {
        if (name === 'allowance') return allowances[String(args[1])] ?? 0n;
        if (name === 'getPair') return TronWeb.address.toHex(addr(0xabc));
        return 0n;
      },
    });
    const writer = new TronWriter(network, walletOn(tronWeb), { pollIntervalMs: 1 });
    const L = network.exchange.LIQUIDITY_ROUTER;
    const R = network.exchange.ROUTER_ADDRESS;
    allowances[L] = MAX_APPROVAL;
    const add = {
      amountA: 10n,
      amountB: 20n,
      minA: 9n,
      minB: 18n,
      recipient: ME,
      deadline: 7n,
    };
    await writer.addLiquidity({ ...add, symbolA: 'TRX', symbolB: 'JM' });
    expect(sent).toEqual([
      {
        address: L,
        name: 'addLiquidityBase',
        args: [a('JM'), '20', '18', '9', ME, '7'],
        options: { feeLimit: 200_000_000, callValue: 10 },
      },
    ]);
    sent.length = 0;
    await writer.addLiquidity({ ...add, symbolA: 'SafeMoney', symbolB: 'TRX' });
    expect(sent.map((s) => [s.address, s.name, s.options])).toEqual([
      [R, 'addLiquidityBase', { feeLimit: 200_000_000, callValue: 20 }],
    ]);
    sent.length = 0;
    await writer.removeLiquidity({
      symbolA: 'TRX',
      symbolB: 'SafeMoney',
      lpTokens: 5n,
      minA: 1n,
      minB: 2n,
      recipient: ME,
      deadline: 7n,
    });
    expect(sent).toEqual([
      {
        address: R,
        name: 'removeLiquidityBaseSupportingFeeOnTransferTokens',
        args: [a('SafeMoney'), '5', '2', '1', ME, '7'],
        options: { feeLimit: 200_000_000, callValue: 0 },
      },
    ]);
    sent.length = 0;
    await writer.createPair('KLV', 'KTY');
    expect(sent).toEqual([
      {
        address: network.exchange.FACTORY_ADDRESS,
        name: 'createPair',
        args: [a('KLV'), a('KTY')],
        options: { feeLimit: 1_000_000_000, callValue: 0 },
      },
    ]);
  });

  test('an account picked in TronLink during an action: its next send is not signed (ACCOUNT_CHANGED)', async () => {
    const { tronWeb, sent } = fakeTronWeb();
    const wallet = walletOn(tronWeb);
    const writer = new TronWriter(network, wallet, { pollIntervalMs: 1 });
    const action = withPendingTransaction(ME, async () => {
      await writer.approve('JM', network.exchange.ROUTER_ADDRESS);
      // TronLink's setAccount: the connection follows the account the user picked.
      wallet.address = addr(2);
      await writer.swap({
        kind: 'exactIn',
        path: ['JM', 'TRX'],
        amount: 1000n,
        bound: 900n,
        recipient: ME,
        deadline: 99n,
      });
    });
    await expect(action).rejects.toMatchObject({ code: 'ACCOUNT_CHANGED' });
    expect(sent.map((s) => s.name)).toEqual(['approve']);
  });

  test('polls the transaction info until it exists; FAILED results and timeouts reject', async () => {
    const answers: unknown[] = [
      {},
      {},
      { id: TXID, fee: 10, receipt: { result: 'SUCCESS', energy_usage_total: 5 } },
    ];
    const { tronWeb } = fakeTronWeb({ info: async () => answers.shift() ?? {} });
    const writer = new TronWriter(network, walletOn(tronWeb), { pollIntervalMs: 1 });
    await expect(writer.approve('JM', network.exchange.ROUTER_ADDRESS)).resolves.toMatchObject({
      txid: TXID,
      fee: 10n,
      energyUsed: 5n,
    });
    expect(tronWeb.trx.getUnconfirmedTransactionInfo).toHaveBeenCalledTimes(3);

    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failing = fakeTronWeb({
        info: async () => ({
          id: TXID,
          result: 'FAILED',
          resMessage: Buffer.from('REVERT opcode executed').toString('hex'),
          receipt: { result: 'REVERT' },
          contractResult: [''],
        }),
      });
      await expect(
        new TronWriter(network, walletOn(failing.tronWeb)).approve('JM', addr(1)),
      ).rejects.toMatchObject({
        message: 'Transaction failed',
        detail: 'REVERT',
        reason: 'REVERT opcode executed',
        txid: TXID,
      });
      const never = fakeTronWeb({ info: async () => ({}) });
      await expect(
        new TronWriter(network, walletOn(never.tronWeb), {
          pollIntervalMs: 5,
          confirmTimeoutMs: 20,
        }).approve('JM', addr(1)),
      ).rejects.toMatchObject({ message: 'Transaction failed', detail: 'NOT_CONFIRMED' });
      const rejected = fakeTronWeb({
        send: async () => Promise.reject('Confirmation declined by user'),
      });
      await expect(
        new TronWriter(network, walletOn(rejected.tronWeb)).approve('JM', addr(1)),
      ).rejects.toMatchObject({ code: '4001' });
      expect(rejected.tronWeb.trx.getUnconfirmedTransactionInfo).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('simulation wait', () => {
  test('a node that never answers holds the send at most SIMULATION_WAIT_MS (4 s), then refuses it: nothing is sent unsimulated', async () => {
    const network = testNetwork();
    const { tronWeb } = fakeTronWeb();
    const writer = new TronWriter(network, walletOn(tronWeb), { pollIntervalMs: 1 });
    const fetch = jest.fn(() => new Promise<never>(() => undefined));
    const previous = globalThis.fetch;
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.useFakeTimers();
    try {
      let limit: bigint | undefined;
      let refused: unknown;
      const call = writer.swapCall({
        kind: 'exactIn',
        path: ['JM', 'USDT'],
        amount: 1000n,
        bound: 900n,
        recipient: ME,
        deadline: 99n,
      });
      void writer.feeLimitFor(call, { feeLimit: 100_000_000n, action: 'swap' }).then(
        (l) => (limit = l),
        (e: unknown) => (refused = e),
      );
      await jest.advanceTimersByTimeAsync(SIMULATION_WAIT_MS - 1);
      expect(fetch).toHaveBeenCalled();
      expect(refused).toBeUndefined();
      await jest.advanceTimersByTimeAsync(1);
      expect(limit).toBeUndefined();
      expect(refused).toMatchObject({
        code: 'SIMULATION_UNAVAILABLE',
        message:
          'This swap was not sent: it could not be simulated, the network did not answer in time. Retry when it answers.',
      });
    } finally {
      jest.useRealTimers();
      warn.mockRestore();
      error.mockRestore();
      globalThis.fetch = previous;
      forgetNodePools();
    }
  });
});

describe('adapter', () => {
  test('tronAdapter: platform, connectors, createWriter falls back to window.tronWeb', async () => {
    expect(tronAdapter.platform).toBe('tron');
    expect(tronAdapter.connectors().map((c) => [c.kind, c.platform])).toEqual([
      ['tronlink', 'tron'],
      ['dev', 'tron'],
    ]);
    const network = testNetwork();
    const { tronWeb, sent } = fakeTronWeb();
    const previous = (globalThis as { window?: unknown }).window;
    (globalThis as { window?: unknown }).window = { tronWeb };
    try {
      const relayed = { ...walletOn(tronWeb), getTronWeb: undefined } as unknown as Parameters<
        typeof tronAdapter.createWriter
      >[1];
      // No node here to simulate on (the simulation has tests of its own): the spec's fee limit.
      const feeLimit = jest
        .spyOn(TronWriter.prototype, 'feeLimitFor')
        .mockImplementation(async (_call, options) => options.feeLimit);
      await tronAdapter.createWriter(network, relayed).approve('JM', addr(1), 5n);
      feeLimit.mockRestore();
      expect(sent[0]?.args).toEqual([addr(1), '5']);
    } finally {
      (globalThis as { window?: unknown }).window = previous;
    }
    const dev = await new TronDevConnector().connect(network);
    expect(dev.address).toBe(ME);
    expect(dev.kind).toBe('dev');
  });
});
