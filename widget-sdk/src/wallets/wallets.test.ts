import { evmWallet } from './evm';
import { tronWallet } from './tron';
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

describe('the host page TronLink', () => {
  const tronWeb = (sent: unknown[]) => ({
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
    trx: {} as never,
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
});
