import { evmWallet } from './evm';
import { tronLinkWait, tronWallet } from './tron';
import { ACCOUNT, BSC, ROUTER, TRON, TRON_ACCOUNT, TRON_ROUTER } from '../fixtures.test-util';

describe('the host page EVM wallet', () => {
  it('sends nothing when the wallet stays on another chain', async () => {
    const methods: string[] = [];
    const win = Object.assign(new EventTarget(), {
      ethereum: {
        request: async ({ method }: { method: string }) => {
          methods.push(method);
          if (method === 'eth_chainId') return '0x1';
          if (method === 'wallet_switchEthereumChain') return null; // says yes, does not switch
          return '0xhash';
        },
      },
    }) as unknown as Window;
    const wallet = evmWallet(win);
    await expect(
      wallet.execute(BSC, ACCOUNT, { to: ROUTER, data: '0x1234', value: '0' }),
    ).rejects.toThrow(/not on BSC/);
    expect(methods).not.toContain('eth_sendTransaction');
  });
});

describe('the host page’s EIP-6963 wallets', () => {
  it('a wallet that announced itself after the first look (its extension loaded late) is offered', async () => {
    const win = new EventTarget() as unknown as Window;
    const wallet = evmWallet(win);
    expect(await wallet.offers!()).toEqual([]);
    for (const rdns of ['io.metamask', 'io.rabby'])
      win.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { rdns, name: rdns }, provider: { request: async () => null } },
        }),
      );
    expect((await wallet.offers!()).map((o) => o.rdns)).toEqual(['io.metamask', 'io.rabby']);
  });
});

describe('the host page TronLink', () => {
  const MAINNET_GENESIS = '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc';
  const NILE_GENESIS = '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc';
  const tronWeb = (sent: unknown[], node = { genesis: MAINNET_GENESIS }) => ({
    defaultAddress: { base58: TRON_ACCOUNT },
    contract: (_abi: unknown[], address: string) => ({
      methods: new Proxy(
        {},
        {
          get:
            (_t, method: string) =>
            (...args: unknown[]) => ({
              call: async () => '0',
              send: async (options: object) => {
                sent.push({ address, method, args, options });
                return 'f'.repeat(64);
              },
            }),
        },
      ),
    }),
    trx: {
      getBlockByNumber: async () => ({ blockID: node.genesis }),
      getNodeInfo: async () => ({ configNodeInfo: { p2pVersion: '11111' } }),
    } as never,
  });

  it.each([
    ['locked', ''],
    ['declined', { code: 4001, message: 'User rejected the request.' }],
  ])('refuses to connect when TronLink is %s', async (_case, answer) => {
    const win = Object.assign(new EventTarget(), {
      tronLink: { request: async () => answer, tronWeb: tronWeb([]) },
    }) as unknown as Window;
    await expect(tronWallet(win).connect(TRON)).rejects.toMatchObject({ code: 4001 });
  });

  it('comes back with no prompt to the account TronLink still shows the page; none while locked or not granted', async () => {
    const requests: unknown[] = [];
    const tw = tronWeb([]);
    const win = Object.assign(new EventTarget(), {
      tronLink: { name: 'TronLink', request: async (a: unknown) => requests.push(a), tronWeb: tw },
    }) as unknown as Window;
    expect(await tronWallet(win).restore(TRON)).toEqual({
      address: TRON_ACCOUNT,
      name: 'TronLink',
      chainId: TRON.chainId,
    });
    tronLinkWait.ms = 300;
    tw.defaultAddress = { base58: false } as never;
    expect(await tronWallet(win).restore(TRON)).toBeUndefined();
    expect(requests).toEqual([]);
    // TronLink injecting itself a moment after the page loaded is waited for.
    const late = new EventTarget() as unknown as Window & { tronLink?: unknown };
    setTimeout(() => {
      late.tronLink = {
        name: 'TronLink',
        request: async () => ({ code: 200 }),
        tronWeb: tronWeb([]),
      };
    }, 150);
    expect(await tronWallet(late).restore(TRON)).toMatchObject({ address: TRON_ACCOUNT });
  });

  it('connects and sends router calls through TronLink’s own TronWeb', async () => {
    const sent: unknown[] = [];
    const win = Object.assign(new EventTarget(), {
      tronLink: { name: 'TronLink', request: async () => ({ code: 200 }), tronWeb: tronWeb(sent) },
    }) as unknown as Window;
    const wallet = tronWallet(win);
    expect(await wallet.connect(TRON)).toEqual({
      address: TRON_ACCOUNT,
      name: 'TronLink',
      chainId: TRON.chainId,
    });
    const txid = await wallet.execute(TRON, TRON_ACCOUNT, {
      contract: TRON_ROUTER,
      method: 'swapExactBaseForTokens',
      params: ['1', [], [], TRON_ACCOUNT, '9'],
      callValue: '5000000',
      feeLimit: '100000000',
    });
    expect(txid).toBe('f'.repeat(64));
    expect(sent).toEqual([
      {
        address: TRON_ROUTER,
        method: 'swapExactBaseForTokens',
        args: ['1', [], [], TRON_ACCOUNT, '9'],
        options: { feeLimit: 100_000_000, callValue: 5_000_000 },
      },
    ]);
  });

  it('TronLink on another network (its node on Nile): says so at connect, and signs nothing until its node is back', async () => {
    const sent: unknown[] = [];
    const node = { genesis: NILE_GENESIS };
    const win = Object.assign(new EventTarget(), {
      tronLink: { request: async () => ({ code: 200 }), tronWeb: tronWeb(sent, node) },
    }) as unknown as Window;
    const wallet = tronWallet(win);
    expect((await wallet.connect(TRON)).chainId).toBe(3448148188);
    const swap = {
      contract: TRON_ROUTER,
      method: 'swapExactBaseForTokens',
      params: ['1', [], [], TRON_ACCOUNT, '9'],
      callValue: '5000000',
    };
    await expect(wallet.execute(TRON, TRON_ACCOUNT, swap)).rejects.toMatchObject({
      code: 4100,
      message: 'TronLink is not on TRON; nothing was sent',
    });
    await expect(wallet.approve(TRON, TRON_ACCOUNT, 'TJM', TRON_ROUTER, '1')).rejects.toThrow(
      /not on TRON/,
    );
    expect(sent).toEqual([]);

    // The user picks the mainnet node in TronLink: the page hears setNode, and sends go through.
    const chains: number[] = [];
    wallet.onChainChange!((chainId) => chains.push(chainId));
    node.genesis = MAINNET_GENESIS;
    win.dispatchEvent(
      new MessageEvent('message', { data: { message: { action: 'setNode' } }, source: win }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(chains).toEqual([TRON.chainId]);
    await wallet.execute(TRON, TRON_ACCOUNT, swap);
    expect(sent).toHaveLength(1);
  });
});
