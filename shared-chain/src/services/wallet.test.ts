/**
 * @jest-environment jest-fixed-jsdom
 */
import { waitFor } from '@testing-library/dom';
import { resetWalletServiceForTests, setTronAdapterLoader } from '../testing';
import { appEvents$, type AppEvent } from '../bus/events';
import { network$, session$, SELECTED_NETWORK_KEY, type WalletSession } from '../bus/session';
import { setNetworks } from '../config/registry';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { destroyProviders } from '../adapters/evm/provider';
import { injectedWait, resetEip6963 } from '../adapters/evm/connectors';
import { configureWidgetRelay, setHostRestores } from '../adapters/widget';
import { createTestProvider, type TestProvider } from './testing/eip1193';
import {
  adapterFor,
  configureChainServices,
  connectWallet,
  disconnectWallet,
  epoch$,
  expectWalletRestore,
  onConnect,
  onDisconnect,
  onNetworkChange,
  restoreWalletSession,
  switchNetwork,
  TRON_NOT_AVAILABLE,
  WALLET_CONNECTION_DECLINED,
} from './index';
import { fakeEvmNetwork } from './testing/networks';
import { restoreShown } from './wallet';

const evm = (id: 'BSC' | 'POLY', chainId: number): NetworkConfig =>
  fakeEvmNetwork({
    id,
    name: id === 'BSC' ? 'BNB Smart Chain' : 'Polygon',
    chainId,
    nodeUrl: 'http://127.0.0.1:18598', // nothing listens: balance reads yield undefined
    scan: '',
  });

const file = {
  profile: 'production',
  version: 'test',
  networks: {
    BSC: evm('BSC', 56),
    POLY: evm('POLY', 137),
    TRON: { ...evm('BSC', 1), id: 'TRON', platform: 'tron' },
  },
} as unknown as NetworksFile;

const ACCOUNT = '0x00000000000000000000000000000000000000A1';
const HOST_ACCOUNT = '0x00000000000000000000000000000000000000B2';

/**
 * The widget's host page in a test: its SDK answers connect with its wallet's account (`null`:
 * none shared) and records what the widget asked; `restores`: its options name the feature.
 */
async function hostPage({
  restores,
  account = HOST_ACCOUNT,
}: {
  restores: boolean;
  account?: string | null;
}) {
  const asked: { function: string; params: unknown }[] = [];
  const listeners: ((e: Pick<MessageEvent, 'data' | 'origin' | 'source'>) => void)[] = [];
  const parent = {
    postMessage: (message: { id: string; function: string; params: unknown }) => {
      asked.push({ function: message.function, params: message.params });
      setTimeout(() =>
        listeners.forEach((l) =>
          l({
            data: {
              type: 'JMSwapResponse',
              function: 'connected',
              id: message.id,
              data: { address: account, chainId: 56 },
            },
            origin: 'https://partner.example',
            source: parent as unknown as Window,
          }),
        ),
      );
    },
  };
  const frame = {
    parent,
    addEventListener: (_: string, l: never) => listeners.push(l),
    removeEventListener: () => listeners.splice(0),
  };
  const relay = await configureWidgetRelay(frame as unknown as Window, 'https://partner.example');
  setHostRestores(restores);
  return { relay, asked };
}
let provider: TestProvider;
let events: AppEvent[];
let sub: { unsubscribe(): void };

beforeAll(() => {
  setNetworks(file);
  configureChainServices({ host: 'partner.example', widget: false });
});

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  resetEip6963();
  injectedWait.timeoutMs = 20;
  localStorage.removeItem('JMSWAP_WALLET_SESSION');
  localStorage.removeItem('JMSWAP_WIDGET_WALLET');
  configureChainServices({ widget: false });
  network$.next('BSC');
  await resetWalletServiceForTests();
  provider = createTestProvider('http://unused', { account: ACCOUNT, chainId: 56 });
  (window as unknown as { ethereum?: unknown }).ethereum = provider;
  events = [];
  sub = appEvents$.subscribe((e) => events.push(e));
});

afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});
afterAll(() => destroyProviders());

test('connect: session$, WALLET_CONNECTED document and bus events, WALLET_CONNECT analytics, onConnect', async () => {
  configureChainServices({ widget: true });
  const documentEvents: CustomEvent[] = [];
  const listener = (e: Event) => documentEvents.push(e as CustomEvent);
  document.addEventListener('WALLET_CONNECTED', listener);
  const connected = jest.fn();
  onConnect(connected);
  const epoch = epoch$.getValue();

  const session = await connectWallet('injected');

  document.removeEventListener('WALLET_CONNECTED', listener);
  expect(session).toEqual({
    connected: true,
    address: ACCOUNT,
    name: 'MetaMask',
    kind: 'injected',
    balance: undefined,
  });
  expect(session$.getValue()).toEqual(session);
  expect(epoch$.getValue()).toBeGreaterThan(epoch);
  expect(documentEvents).toHaveLength(1);
  expect(documentEvents[0]!.detail).toEqual({
    address: ACCOUNT,
    wallet: 'MetaMask',
    kind: 'injected',
    network: 'BSC',
  });
  expect(events).toContainEqual({ type: 'WALLET_CONNECTED', address: ACCOUNT, wallet: 'MetaMask' });
  expect(events).toContainEqual({
    type: 'analytics',
    name: 'WALLET_CONNECT',
    payload: { host: 'partner.example', widget: true, wallet: 'MetaMask', network: 'BSC' },
  });
  expect(connected).toHaveBeenCalledWith(session);
});

test('a declined connection (4001) is logged as declined with a wallet toast; no session', async () => {
  provider.options.rejectConnect = true;
  await expect(connectWallet('injected')).resolves.toBeUndefined();
  expect(console.info).toHaveBeenCalledWith(expect.stringContaining('declined'));
  expect(events).toContainEqual(
    expect.objectContaining({ type: 'toast', text: WALLET_CONNECTION_DECLINED, wallet: true }),
  );
  expect(session$.getValue().connected).toBe(false);
});

test('an account change updates the session and bumps the epoch; a wallet disconnect clears it', async () => {
  await connectWallet('injected');
  const epoch = epoch$.getValue();
  provider.emit('accountsChanged', ['0x00000000000000000000000000000000000000B2']);
  // The new account's session is built asynchronously (its balance is read).
  await waitFor(() =>
    expect(session$.getValue().address).toBe('0x00000000000000000000000000000000000000B2'),
  );
  expect(epoch$.getValue()).toBeGreaterThan(epoch);
  expect(session$.getValue().address).toBe('0x00000000000000000000000000000000000000B2');
  const e2 = epoch$.getValue();
  provider.emit('chainChanged', '0x1');
  expect(epoch$.getValue()).toBeGreaterThan(e2);
  const disconnected = jest.fn();
  onDisconnect(disconnected);
  provider.emit('disconnect');
  await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
  expect(disconnected).toHaveBeenCalledTimes(1);
});

describe('a page load', () => {
  /** A new page: nothing in memory, the origin's storage and the wallet's grant kept. */
  const newPage = async (options: Partial<TestProvider['options']> = {}) => {
    await resetWalletServiceForTests();
    provider = createTestProvider('http://unused', { account: ACCOUNT, chainId: 56, ...options });
    (window as unknown as { ethereum?: unknown }).ethereum = provider;
  };
  const asked = () => provider.calls.map((c) => c.method);

  test('brings back the browser wallet connected last, with no prompt, on whatever chain it is on', async () => {
    await connectWallet('injected');
    await newPage({ chainId: 1 });
    const connected = jest.fn();
    onConnect(connected);
    await expect(restoreWalletSession()).resolves.toMatchObject({
      connected: true,
      address: ACCOUNT,
      kind: 'injected',
    });
    expect(session$.getValue()).toMatchObject({ connected: true, address: ACCOUNT });
    expect(connected).toHaveBeenCalledTimes(1);
    // No prompt of any kind came with the load: the account was asked silently, and the
    // chain is switched by the next send, as the user clicks.
    expect(asked()).toContain('eth_accounts');
    expect(asked()).not.toContain('eth_requestAccounts');
    expect(asked()).not.toContain('wallet_switchEthereumChain');
  });

  test('after Disconnect, or once the wallet no longer grants the site: nothing, and forgotten', async () => {
    await connectWallet('injected');
    await disconnectWallet();
    await newPage();
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(asked()).toEqual([]);

    await connectWallet('injected');
    await newPage({ notGranted: true });
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(session$.getValue().connected).toBe(false);
    await newPage();
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(asked()).toEqual([]);
  });

  test('a wallet that ends the session itself (locked) is asked again by the next load', async () => {
    await connectWallet('injected');
    provider.emit('accountsChanged', []); // locked, or the site disconnected in the wallet
    await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
    await newPage(); // unlocked meanwhile
    await expect(restoreWalletSession()).resolves.toMatchObject({ connected: true });
    provider.emit('accountsChanged', []);
    await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
    await newPage({ notGranted: true }); // still locked: nothing, and now forgotten
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    await newPage();
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(asked()).toEqual([]);
  });

  test('each network keeps its own: a network tab leaves it, Disconnect forgets only its network', async () => {
    await connectWallet('injected');
    await switchNetwork('POLY');
    expect(session$.getValue().connected).toBe(false); // the spec: a network tab disconnects
    await connectWallet('injected');
    await newPage();
    await expect(restoreWalletSession()).resolves.toMatchObject({ connected: true }); // POLY
    await disconnectWallet();
    await newPage();
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    network$.next('BSC');
    await newPage();
    await expect(restoreWalletSession()).resolves.toMatchObject({ connected: true });
  });

  test('a browser wallet picked by name among several comes back, not the other one', async () => {
    const RABBY = '0x00000000000000000000000000000000000000B2';
    const announcers: (() => void)[] = [];
    /** Extensions removed from the browser: they no longer announce themselves. */
    const removeWallets = () => {
      for (const a of announcers.splice(0))
        window.removeEventListener('eip6963:requestProvider', a);
      resetEip6963();
    };
    /** MetaMask and Rabby both in the page, announced (EIP-6963) as extensions do. */
    const twoWallets = () => {
      removeWallets();
      const rabby = createTestProvider('http://unused', { account: RABBY, chainId: 56 });
      for (const [rdns, name, p] of [
        ['io.metamask', 'MetaMask', provider],
        ['io.rabby', 'Rabby Wallet', rabby],
      ] as const) {
        const announce = () =>
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', {
              detail: { info: { uuid: rdns, name, icon: '', rdns }, provider: p },
            }),
          );
        window.addEventListener('eip6963:requestProvider', announce);
        announcers.push(announce);
      }
      return rabby;
    };
    let rabby = twoWallets();
    await expect(connectWallet('injected', { rdns: 'io.rabby' })).resolves.toMatchObject({
      address: RABBY,
      name: 'Rabby Wallet',
    });
    expect(localStorage.getItem('JMSWAP_WALLET_SESSION')).toBe('{"BSC":"injected@io.rabby"}');
    await newPage();
    rabby = twoWallets();
    await expect(restoreWalletSession()).resolves.toMatchObject({
      address: RABBY,
      name: 'Rabby Wallet',
    });
    expect(rabby.calls.map((c) => c.method)).toContain('eth_accounts');
    expect(asked()).toEqual([]); // MetaMask was not asked
    // Rabby removed from the browser: nothing comes back in its place, and it is forgotten.
    await newPage();
    removeWallets();
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(asked()).toEqual([]);
    expect(localStorage.getItem('JMSWAP_WALLET_SESSION')).toBeNull();
  });

  test('what storage holds is only a hint: the shape written before is read, anything else ignored', async () => {
    localStorage.setItem('JMSWAP_WALLET_SESSION', '{"kind":"injected","network":"BSC"}');
    await newPage();
    await expect(restoreWalletSession()).resolves.toMatchObject({ address: ACCOUNT });
    for (const junk of ['[1]', '"x"', '{"BSC":7}', '{"BSC":"no-such-wallet"}', '{', 'null']) {
      localStorage.setItem('JMSWAP_WALLET_SESSION', junk);
      await newPage();
      await expect(restoreWalletSession()).resolves.toBeUndefined();
      expect(session$.getValue().connected).toBe(false);
    }
  });

  test("the widget's wallet (its host page's) leaves the wallet the site remembers be", async () => {
    await connectWallet('injected');
    configureChainServices({ widget: true });
    const host = await hostPage({ restores: true });
    try {
      await expect(connectWallet('widget')).resolves.toMatchObject({ kind: 'widget' });
    } finally {
      host.relay.close();
    }
    configureChainServices({ widget: false });
    await newPage();
    await expect(restoreWalletSession()).resolves.toMatchObject({ kind: 'injected' });
  });

  test('the widget connected before comes back, asked with no prompt (connect {silent}), only from a host that can be asked so', async () => {
    configureChainServices({ widget: true });
    let host = await hostPage({ restores: true });
    await connectWallet('widget', { rdns: 'io.rabby' });
    await newPage();
    host.relay.close();
    host = await hostPage({ restores: true });
    await expect(restoreWalletSession()).resolves.toMatchObject({
      kind: 'widget',
      address: HOST_ACCOUNT,
    });
    expect(host.asked).toEqual([
      { function: 'connect', params: { network: 'BSC', wallet: 'io.rabby', silent: true } },
    ]);
    // The host's wallet shares no account any more (locked): CONNECT WALLET, and forgotten.
    await newPage();
    host.relay.close();
    host = await hostPage({ restores: true, account: null });
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(session$.getValue()).toEqual({ connected: false });
    expect(localStorage.getItem('JMSWAP_WIDGET_WALLET')).toBeNull();
    // A host whose SDK does not say it can be asked silently (the seed's protocol would prompt
    // its wallet on a page load): never asked on a page load, and nothing remembered for it.
    host.relay.close();
    host = await hostPage({ restores: false });
    await connectWallet('widget');
    await newPage();
    host.asked.length = 0;
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    expect(host.asked).toEqual([]);
    host.relay.close();
  });

  test('while the wallet is asked, screens are told a wallet is coming back (not CONNECT WALLET)', async () => {
    const seen = (run: () => Promise<unknown>) => {
      const states: WalletSession[] = [];
      const sub = session$.subscribe((s) => states.push(s));
      return run().then(() => {
        sub.unsubscribe();
        return states.map((s) => (s.connected ? 'connected' : s.restoring ? 'restoring' : 'none'));
      });
    };
    await connectWallet('injected');
    await newPage({ accountsDelayMs: 10 });
    // Said at once (the page's next frame), then the wallet: never CONNECT WALLET between.
    const restoring = restoreWalletSession();
    expect(session$.getValue()).toEqual({ connected: false, restoring: true });
    await restoring;
    expect(await seen(() => Promise.resolve())).toEqual(['connected']);

    await newPage({ notGranted: true, accountsDelayMs: 10 });
    expect(await seen(restoreWalletSession)).toEqual(['none', 'restoring', 'none']);
    // A first visit, or a forgotten wallet: nothing is said.
    expect(await seen(restoreWalletSession)).toEqual(['none']);
    // Said before the first render (the page's head script guessed a wallet): the restore ends it.
    expect(
      await seen(async () => {
        expectWalletRestore();
        await restoreWalletSession();
      }),
    ).toEqual(['none', 'restoring', 'none']);
  });

  test('a wallet that holds the question too long gets CONNECT WALLET back; its late answer still connects', async () => {
    await connectWallet('injected');
    await newPage({ accountsDelayMs: 150 });
    injectedWait.timeoutMs = 1000;
    restoreShown.timeoutMs = 30;
    try {
      const restoring = restoreWalletSession();
      expect(session$.getValue().restoring).toBe(true);
      await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
      await expect(restoring).resolves.toMatchObject({ connected: true });
      expect(session$.getValue()).toMatchObject({ connected: true, address: ACCOUNT });
    } finally {
      injectedWait.timeoutMs = 20;
      restoreShown.timeoutMs = 4000;
    }
  });

  test('a network tab pressed while the wallet is asked: the new network says nothing of it', async () => {
    await connectWallet('injected');
    await newPage({ accountsDelayMs: 20 });
    const restoring = restoreWalletSession();
    expect(session$.getValue().restoring).toBe(true);
    await switchNetwork('POLY');
    expect(session$.getValue()).toEqual({ connected: false });
    await expect(restoring).resolves.toBeUndefined();
    expect(session$.getValue()).toEqual({ connected: false });
  });

  test('on another network than the wallet was connected on: nothing now, and still remembered', async () => {
    await connectWallet('injected');
    await newPage();
    network$.next('POLY');
    await expect(restoreWalletSession()).resolves.toBeUndefined();
    network$.next('BSC');
    await expect(restoreWalletSession()).resolves.toMatchObject({ connected: true });
  });
});

describe('a network tab', () => {
  const askedSince = (mark: number) => provider.calls.slice(mark).map((c) => c.method);
  const chainOf = () => provider.request({ method: 'eth_chainId' });

  test('there and back: the wallet connected on a network comes back with it, asked onto its chain; none where none was', async () => {
    await connectWallet('injected'); // BSC
    await switchNetwork('POLY');
    await new Promise((r) => setTimeout(r, 50));
    expect(session$.getValue()).toEqual({ connected: false }); // nothing was connected on POLY
    await connectWallet('injected');
    await expect(chainOf()).resolves.toBe('0x89');
    let mark = provider.calls.length;
    await switchNetwork('BSC');
    await waitFor(() =>
      expect(session$.getValue()).toMatchObject({ connected: true, address: ACCOUNT }),
    );
    // No account prompt: the grant stands. The tab was the user's click: the wallet follows it.
    expect(askedSince(mark)).not.toContain('eth_requestAccounts');
    await waitFor(async () => expect(await chainOf()).toBe('0x38'));
    expect(askedSince(mark)).toContain('wallet_switchEthereumChain');
    // Disconnect forgets BSC only: POLY's wallet still comes back, BSC's no longer.
    await disconnectWallet();
    await switchNetwork('POLY');
    await waitFor(() => expect(session$.getValue()).toMatchObject({ connected: true }));
    mark = provider.calls.length;
    await switchNetwork('BSC');
    await new Promise((r) => setTimeout(r, 50));
    expect(session$.getValue()).toEqual({ connected: false });
    expect(askedSince(mark)).not.toContain('eth_accounts');
  });

  test('tabs pressed quickly there and back: the wallet is asked once, and connects once', async () => {
    await connectWallet('injected');
    await switchNetwork('POLY');
    await connectWallet('injected');
    const connected = jest.fn();
    onConnect(connected);
    const mark = provider.calls.length;
    for (const id of ['BSC', 'POLY', 'BSC', 'POLY', 'BSC'] as const) network$.next(id);
    await switchNetwork('BSC');
    await waitFor(() => expect(session$.getValue()).toMatchObject({ connected: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(askedSince(mark).filter((m) => m === 'eth_accounts')).toHaveLength(1);
    expect(connected).toHaveBeenCalledTimes(1);
    expect(session$.getValue()).toMatchObject({ connected: true, address: ACCOUNT });
  });

  test("in the widget, the host's network change brings back the host's wallet connected there, asked onto no chain", async () => {
    configureChainServices({ widget: true });
    const host = await hostPage({ restores: true });
    try {
      await connectWallet('widget'); // BSC
      await switchNetwork('POLY');
      await new Promise((r) => setTimeout(r, 50));
      expect(session$.getValue()).toEqual({ connected: false }); // none was connected on POLY
      host.asked.length = 0;
      await switchNetwork('BSC');
      await waitFor(() =>
        expect(session$.getValue()).toMatchObject({ connected: true, address: HOST_ACCOUNT }),
      );
      // The change was the host page's, not a click: its wallet is asked nothing else.
      expect(host.asked).toEqual([
        { function: 'connect', params: { network: 'BSC', silent: true } },
      ]);
      expect(provider.calls).toEqual([]);
    } finally {
      host.relay.close();
    }
  });
});

test('a wallet that answers something else than an address: no session, a clear error; a later one ends the session', async () => {
  provider = createTestProvider('http://unused', { account: '<img src=x>', chainId: 56 });
  (window as unknown as { ethereum?: unknown }).ethereum = provider;
  await expect(connectWallet('injected')).rejects.toThrow(
    'Your wallet answered an account that is not an address of this network. Check your wallet, then try again.',
  );
  expect(session$.getValue().connected).toBe(false);

  provider.options.account = ACCOUNT;
  await connectWallet('injected');
  provider.emit('accountsChanged', ['0xnot-an-address']);
  await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
});

test("the user's Disconnect in another tab of the site lets go of the same wallet here; another network's or another wallet's stays", async () => {
  const otherTab = new BroadcastChannel('jmswap-wallet');
  const heard: unknown[] = [];
  otherTab.onmessage = (event) => heard.push(event.data);
  try {
    await connectWallet('injected'); // BSC
    const name = session$.getValue().name;
    for (const message of [
      { type: 'disconnected', network: 'POLY', kind: 'injected', name },
      { type: 'disconnected', network: 'BSC', kind: 'walletconnect', name },
      { type: 'disconnected', network: 'BSC', kind: 'injected', name: 'Rabby Wallet' },
      { type: 'connected', network: 'BSC', kind: 'injected', name },
      'disconnected',
      null,
    ])
      otherTab.postMessage(message);
    await new Promise((r) => setTimeout(r, 50));
    expect(session$.getValue()).toMatchObject({ connected: true, address: ACCOUNT });

    otherTab.postMessage({ type: 'disconnected', network: 'BSC', kind: 'injected', name });
    await waitFor(() => expect(session$.getValue()).toEqual({ connected: false }));
    expect(provider.calls.map((c) => c.method)).not.toContain('wallet_revokePermissions');

    // This tab's Disconnect is told to the others; a network change (no Disconnect) is not.
    await connectWallet('injected');
    await switchNetwork('POLY');
    await switchNetwork('BSC');
    await waitFor(() => expect(session$.getValue()).toMatchObject({ connected: true }));
    expect(heard).toEqual([]);
    await disconnectWallet();
    await waitFor(() =>
      expect(heard).toEqual([{ type: 'disconnected', network: 'BSC', kind: 'injected', name }]),
    );
  } finally {
    otherTab.close();
  }
});

test('disconnectWallet clears address, name and balance and runs the disconnect callbacks', async () => {
  await connectWallet('injected');
  const disconnected = jest.fn();
  onDisconnect(disconnected);
  await disconnectWallet();
  expect(session$.getValue()).toEqual({ connected: false });
  expect(disconnected).toHaveBeenCalledTimes(1);
});

test('switching network: wallet disconnected, SELECTED_NETWORK stored, callbacks; unknown -> TRON', async () => {
  await connectWallet('injected');
  const order: string[] = [];
  onDisconnect(() => order.push('disconnect'));
  onNetworkChange((next, previous) => order.push(`network ${previous}->${next}`));
  await expect(switchNetwork('POLY')).resolves.toBe('POLY');
  expect(order).toEqual(['disconnect', 'network BSC->POLY']);
  expect(session$.getValue().connected).toBe(false);
  expect(localStorage.getItem(SELECTED_NETWORK_KEY)).toBe('POLY');
  await expect(switchNetwork('DOGE')).resolves.toBe('TRON');
  expect(localStorage.getItem(SELECTED_NETWORK_KEY)).toBe('TRON');
  expect(order.at(-1)).toBe('network POLY->TRON');
});

test('connecting on the wrong chain asks the wallet to switch', async () => {
  provider.options.chainId = 1;
  await connectWallet('injected');
  expect(provider.calls.map((c) => c.method)).toContain('wallet_switchEthereumChain');
  expect(provider.options.chainId).toBe(56);
});

test('a missing TRON adapter module is reported, not a crash', async () => {
  setTronAdapterLoader(() => Promise.reject(new Error("Cannot find module '../adapters/tron'")));
  await expect(adapterFor('tron')).rejects.toThrow(TRON_NOT_AVAILABLE);
  setTronAdapterLoader(undefined);
});
