/**
 * The fake TronLink init script, run in a browser-like vm context (tronweb's browser bundle, fetch
 * transport) against a devnode: connect, balance, a signed TRX transfer, rejections with 4001.
 */
import vm from 'node:vm';
import { TronWeb } from 'tronweb';
import { startDevnode, type RunningDevnode } from './index';
import { tronLinkInitScript, injectTronLink } from './tronlink-inject';
import { KEYS } from './test-support';

jest.setTimeout(60_000);

let node: RunningDevnode;

interface FakeWindow {
  tronLink: { ready: boolean; request(a: { method: string }): Promise<unknown>; tronWeb: unknown };
  tronWeb: {
    ready: boolean;
    defaultAddress: { base58: string | false; hex: string | false };
    trx: {
      getBalance(a: string): Promise<number>;
      sendTrx(to: string, amount: number): Promise<{ result?: boolean; code?: string }>;
    };
  };
  __tronLinkMock: {
    rejectNext(kind: 'request' | 'sign'): void;
    rejectSigning(on: boolean): void;
    switchAccount(key: string): string;
    disconnect(): void;
    lock(): void;
    unlock(): void;
    calls: unknown[];
  };
}

function browserLikeWindow(script: string): {
  win: FakeWindow;
  messages: unknown[];
  events: string[];
} {
  const messages: unknown[] = [];
  const events: string[] = [];
  const sandbox: Record<string, unknown> = {
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    structuredClone,
    fetch,
    Headers,
    Request,
    Response,
    FormData,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    ReadableStream,
    Blob,
    atob,
    btoa,
    Event,
    EventTarget,
    crypto: globalThis.crypto,
    navigator: { userAgent: 'node' },
    location: {
      href: 'http://localhost:8080/',
      origin: 'http://localhost:8080',
      protocol: 'http:',
    },
    postMessage: (m: unknown) => messages.push(m),
    dispatchEvent: (e: Event) => events.push(e.type),
    addEventListener: () => undefined,
  };
  const ctx = vm.createContext(sandbox);
  vm.runInContext('var window = globalThis; var self = globalThis;', ctx);
  vm.runInContext(script, ctx);
  return { win: vm.runInContext('window', ctx) as FakeWindow, messages, events };
}

beforeAll(async () => {
  node = await startDevnode({ anvilPort: 18704, port: 18794 });
  for (const k of KEYS)
    await node.devnode.setBalance(TronWeb.address.fromPrivateKey(k) as string, 1000n * 1_000_000n);
});
afterAll(async () => {
  await node?.stop();
});

test('injectTronLink hands the script to addInitScript', async () => {
  const scripts: unknown[] = [];
  await injectTronLink(
    { addInitScript: async (s) => scripts.push(s) },
    { fullHost: node.url, privateKey: KEYS[0]! },
  );
  expect(scripts).toHaveLength(1);
  expect(String((scripts[0] as { content: string }).content)).toContain('__tronLinkMock');
});

test('connected fake TronLink: tronWeb with the dev account signs against the devnode', async () => {
  const { win, events } = browserLikeWindow(
    tronLinkInitScript({ fullHost: node.url, privateKey: KEYS[0]! }),
  );
  const me = TronWeb.address.fromPrivateKey(KEYS[0]!) as string;
  expect(events).toContain('tronLink#initialized');
  expect(win.tronLink.ready).toBe(true);
  expect(win.tronWeb.ready).toBe(true);
  expect(win.tronWeb.defaultAddress.base58).toBe(me);
  expect(await win.tronLink.request({ method: 'tron_requestAccounts' })).toEqual({
    code: 200,
    message: 'The site is already in the whitelist',
  });
  expect(await win.tronWeb.trx.getBalance(me)).toBe(1000 * 1_000_000);
  const to = TronWeb.address.fromPrivateKey(KEYS[1]!) as string;
  const sent = await win.tronWeb.trx.sendTrx(to, 1_000_000);
  expect(sent.result).toBe(true);
  win.__tronLinkMock.rejectNext('sign');
  await expect(win.tronWeb.trx.sendTrx(to, 1_000_000)).rejects.toMatchObject({
    code: 4001,
    message: 'Confirmation declined by user',
  });
  expect((await win.tronWeb.trx.sendTrx(to, 1_000_000)).result).toBe(true);
  const other = win.__tronLinkMock.switchAccount(KEYS[2]!);
  expect(win.tronWeb.defaultAddress.base58).toBe(TronWeb.address.fromPrivateKey(KEYS[2]!));
  expect(other).toBe(win.tronWeb.defaultAddress.base58);
});

test('not yet connected: request approves or rejects with 4001; locked answers empty', async () => {
  const { win, messages } = browserLikeWindow(
    tronLinkInitScript({ fullHost: node.url, privateKey: KEYS[3]!, connected: false }),
  );
  expect(win.tronLink.ready).toBe(false);
  expect(win.tronWeb.defaultAddress.base58).toBe(false);
  win.__tronLinkMock.rejectNext('request');
  expect(await win.tronLink.request({ method: 'tron_requestAccounts' })).toEqual({
    code: 4001,
    message: 'User rejected the request.',
  });
  expect(win.tronLink.ready).toBe(false);
  expect(await win.tronLink.request({ method: 'tron_requestAccounts' })).toEqual({
    code: 200,
    message: 'User allowed the request.',
  });
  expect(win.tronLink.ready).toBe(true);
  expect(win.tronWeb.defaultAddress.base58).toBe(TronWeb.address.fromPrivateKey(KEYS[3]!));
  expect(messages).toContainEqual({
    message: { action: 'setAccount', data: { address: TronWeb.address.fromPrivateKey(KEYS[3]!) } },
    isTronLink: true,
  });
  win.__tronLinkMock.lock();
  expect(await win.tronLink.request({ method: 'tron_requestAccounts' })).toBe('');
  win.__tronLinkMock.unlock();
  expect(win.tronLink.ready).toBe(true);
});
