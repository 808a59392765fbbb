import { ChainError } from '../../core/errors';
import { createTestProvider, installWindow, removeWindow } from '../../services/testing/eip1193';
import { addChainParams } from './helpers';
import {
  Eip1193Connection,
  switchEip1193Chain,
  transactionIdOf,
  type Eip1193Provider,
} from './connection';
import {
  BINANCE_RDNS,
  evmConnectors,
  findBinance,
  findInjected,
  injectedWait,
  METAMASK_RDNS,
  resetEip6963,
} from './connectors';
import { EvmReader } from './reader';
import { destroyProviders } from './provider';
import { fakeEvmNetwork } from '../../services/testing/networks';

const network = fakeEvmNetwork();

const ACCOUNT = '0x00000000000000000000000000000000000000A1';

/** A wallet that answers EIP-6963 requests, as an extension's content script does. */
function announcer(target: EventTarget, rdns: string, name: string, provider: Eip1193Provider) {
  const announce = () =>
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: `${rdns}-uuid`, name, icon: 'data:,', rdns },
          provider,
        }),
      }),
    );
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
}

const connector = (kind: string) => evmConnectors().find((c) => c.kind === kind)!;

beforeEach(() => {
  resetEip6963();
  injectedWait.timeoutMs = 50;
  injectedWait.intervalMs = 10;
});
afterEach(() => removeWindow());
afterAll(() => destroyProviders());

describe('injected wallets', () => {
  test('EIP-6963: MetaMask is chosen by rdns among announced wallets (Binance installed too)', async () => {
    const metamask = createTestProvider('http://unused', { account: ACCOUNT });
    const binance = createTestProvider('http://unused', { account: ACCOUNT });
    const w = installWindow({ ethereum: binance });
    announcer(w, BINANCE_RDNS, 'Binance Wallet', binance);
    announcer(w, METAMASK_RDNS, 'MetaMask', metamask);
    expect(findInjected()?.provider).toBe(metamask);
    expect(findBinance()?.provider).toBe(binance);
    const connection = await connector('injected').connect(network);
    expect(connection).toMatchObject({
      kind: 'injected',
      name: 'MetaMask',
      address: ACCOUNT,
      platform: 'evm',
    });
    expect(metamask.calls.map((c) => c.method)).toEqual(['eth_requestAccounts']);
  });

  test('a browser wallet picked by its id (Rabby beside MetaMask) is the one asked; one not in the page is not replaced by another', async () => {
    const metamask = createTestProvider('http://unused', { account: ACCOUNT });
    const rabbyAccount = '0x00000000000000000000000000000000000000B2';
    const rabby = createTestProvider('http://unused', { account: rabbyAccount });
    const w = installWindow({ ethereum: rabby });
    announcer(w, METAMASK_RDNS, 'MetaMask', metamask);
    announcer(w, 'io.rabby', 'Rabby Wallet', rabby);
    const connection = await connector('injected').connect(network, { rdns: 'io.rabby' });
    expect(connection).toMatchObject({ name: 'Rabby Wallet', address: rabbyAccount });
    expect(metamask.calls).toEqual([]);
    expect(await connector('injected').restore?.(network, { rdns: 'io.rabby' })).toMatchObject({
      name: 'Rabby Wallet',
      address: rabbyAccount,
    });
    expect(metamask.calls).toEqual([]);
    await expect(
      connector('injected').connect(network, { rdns: 'com.okex.wallet' }),
    ).rejects.toThrow(/No browser wallet found/);
    expect(await connector('injected').restore?.(network, { rdns: 'com.okex.wallet' })).toBe(
      undefined,
    );
    expect(metamask.calls).toEqual([]);
  });

  test('falls back to window.ethereum without EIP-6963; absent wallet is a clear error', async () => {
    const p = createTestProvider('http://unused', { account: ACCOUNT });
    installWindow({ ethereum: p });
    expect(connector('injected').isAvailable()).toBe(true);
    expect((await connector('injected').connect(network)).name).toBe('MetaMask');
    removeWindow();
    installWindow({});
    expect(connector('injected').isAvailable()).toBe(false);
    await expect(connector('injected').connect(network)).rejects.toThrow(/No browser wallet found/);
  });

  test('a declined connection is a ChainError 4001', async () => {
    installWindow({
      ethereum: createTestProvider('http://unused', { account: ACCOUNT, rejectConnect: true }),
    });
    const error = await connector('injected')
      .connect(network)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).code).toBe('4001');
  });

  test('account and chain changes reach onChange listeners; unsubscribe stops them', async () => {
    const p = createTestProvider('http://unused', { account: ACCOUNT, chainId: 56 });
    installWindow({ ethereum: p });
    const connection = await connector('injected').connect(network);
    const seen: unknown[] = [];
    const off = connection.onChange((c) => seen.push(c));
    p.emit('accountsChanged', ['0x00000000000000000000000000000000000000B2']);
    p.emit('chainChanged', '0x1');
    p.emit('accountsChanged', []);
    off();
    p.emit('chainChanged', '0x38');
    expect(seen).toEqual([
      { type: 'accounts', value: '0x00000000000000000000000000000000000000B2' },
      { type: 'chain', value: 1 },
      { type: 'disconnect' },
    ]);
    expect(await connection.chainId()).toBe(56);
  });
});

describe('after a page load', () => {
  test('the wallet that still grants this site its account is picked up without a prompt', async () => {
    const p = createTestProvider('http://unused', { account: ACCOUNT });
    installWindow({ ethereum: p });
    const restored = await connector('injected').restore?.(network);
    expect(restored).toMatchObject({ kind: 'injected', address: ACCOUNT });
    expect(p.calls.map((c) => c.method)).toEqual(['eth_accounts']);
  });

  test('a wallet that no longer grants it (disconnected from the site, locked), or none: nothing', async () => {
    installWindow({
      ethereum: createTestProvider('http://unused', { account: ACCOUNT, notGranted: true }),
    });
    expect(await connector('injected').restore?.(network)).toBeUndefined();
    removeWindow();
    installWindow({});
    expect(await connector('injected').restore?.(network)).toBeUndefined();
  });

  test('a wallet that holds the question (locked): nothing, after the wait for wallets', async () => {
    const silent = { request: () => new Promise(() => undefined), on() {}, removeListener() {} };
    installWindow({ ethereum: silent });
    expect(await connector('injected').restore?.(network)).toBeUndefined();
  });

  test('the Binance wallet the same way', async () => {
    installWindow({
      binancew3w: { ethereum: createTestProvider('http://unused', { account: ACCOUNT }) },
    });
    expect(await connector('binance').restore?.(network)).toMatchObject({
      kind: 'binance',
      address: ACCOUNT,
    });
  });
});

describe('Binance wallet', () => {
  test('inside the Binance app window.binancew3w.ethereum is used', async () => {
    const inApp = createTestProvider('http://unused', { account: ACCOUNT });
    installWindow({
      binancew3w: { ethereum: inApp },
      BinanceChain: createTestProvider('http://unused', { account: ACCOUNT }),
    });
    expect(findBinance()?.provider).toBe(inApp);
    const c = await connector('binance').connect(network);
    expect(c).toMatchObject({ kind: 'binance', name: 'Binance Wallet' });
  });

  test('the legacy BinanceChain switches with switchNetwork', async () => {
    const legacy = Object.assign(
      createTestProvider('http://unused', { account: ACCOUNT, chainId: 1 }),
      {
        switchNetwork: jest.fn(async () => undefined),
      },
    );
    installWindow({ BinanceChain: legacy });
    const c = await connector('binance').connect(network);
    await c.switchChain(network);
    expect(legacy.switchNetwork).toHaveBeenCalledWith('bsc-mainnet');
    expect(legacy.calls.some((x) => x.method === 'wallet_switchEthereumChain')).toBe(false);
  });

  test('not available without any Binance wallet', () => {
    installWindow({ ethereum: createTestProvider('http://unused', { account: ACCOUNT }) });
    expect(connector('binance').isAvailable()).toBe(false);
  });
});

describe('switching chain', () => {
  test('on 4902 the chain is added with the network params, then switched', async () => {
    const p = createTestProvider('http://unused', {
      account: ACCOUNT,
      chainId: 1,
      onSwitch: 'unknown',
    });
    await switchEip1193Chain(p, network);
    expect(p.calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(p.calls[1]!.params).toEqual([
      {
        chainId: '0x38',
        chainName: 'BNB Smart Chain',
        nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:18599'],
        blockExplorerUrls: ['https://bscscan.com'],
      },
    ]);
    expect(addChainParams(network).chainId).toBe('0x38');
    expect(p.options.chainId).toBe(56);
  });

  test('a rejected switch is a ChainError 4001', async () => {
    const p = createTestProvider('http://unused', {
      account: ACCOUNT,
      chainId: 1,
      onSwitch: 'reject',
    });
    await expect(switchEip1193Chain(p, network)).rejects.toMatchObject({ code: '4001' });
  });
});

describe('dev wallet', () => {
  test('offered only on the local profile', () => {
    expect(connector('dev').isAvailable()).toBe(false);
  });
});

describe('reads when the node is down', () => {
  test('yield undefined and status$ "unreachable"; never throw', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reader = new EvmReader(network);
    expect(reader.status$.getValue()).toBe('ok');
    await expect(reader.pairReserves()).resolves.toBeUndefined();
    expect(reader.status$.getValue()).toBe('unreachable');
    await expect(reader.balances(ACCOUNT, ['BNB', 'USDT'])).resolves.toBeUndefined();
    await expect(reader.allowance('USDT', ACCOUNT, ACCOUNT)).resolves.toBeUndefined();
    await expect(reader.userPositions(ACCOUNT)).resolves.toBeUndefined();
    await expect(reader.routerQuote('exactIn', 1n, ['BNB', 'USDT'])).resolves.toBeUndefined();
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('BSC: pair reserves failed'));
    spy.mockRestore();
  });
});

describe("the wallet's transaction id", () => {
  test('written without 0x, in capitals or as an object (some mobile wallets) is the id nodes and explorers know', () => {
    const id = `0x${'ab'.repeat(32)}`;
    expect(transactionIdOf(id)).toBe(id);
    expect(transactionIdOf('ab'.repeat(32))).toBe(id);
    expect(transactionIdOf(`0x${'AB'.repeat(32)}`)).toBe(id);
    expect(transactionIdOf({ hash: id, nonce: 3 })).toBe(id);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(transactionIdOf(null)).toBe('null');
    expect(log).toHaveBeenCalledWith('[shared-chain] the wallet answered no transaction id', null);
    log.mockRestore();
  });
});

describe('a token offered to the wallet (EIP-747)', () => {
  const usdt = { address: `0x${'55'.repeat(20)}`, symbol: 'USDT', decimals: 18 };
  const connection = (answer: () => Promise<unknown>) => {
    const asked: unknown[] = [];
    const provider: Eip1193Provider = {
      request: async (args) => {
        asked.push(args);
        return answer();
      },
    };
    return { wallet: new Eip1193Connection('injected', 'MetaMask', usdt.address, provider), asked };
  };

  test('asks wallet_watchAsset with the ERC-20, and says whether the wallet listed it', async () => {
    const { wallet, asked } = connection(async () => true);
    expect(await wallet.watchAsset(usdt)).toBe(true);
    expect(asked).toEqual([
      { method: 'wallet_watchAsset', params: { type: 'ERC20', options: usdt } },
    ]);
    expect(await connection(async () => false).wallet.watchAsset(usdt)).toBe(false);
  });

  test('a decline in the wallet rejects as the user’s (4001)', async () => {
    const declined = connection(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    });
    await expect(declined.wallet.watchAsset(usdt)).rejects.toMatchObject({ code: '4001' });
  });
});
