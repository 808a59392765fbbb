import { waitFor } from '@testing-library/dom';
import { mountWidget, type MountOptions } from './mount';
import type { SdkNetwork } from './policy';
import {
  ACCOUNT,
  BSC,
  BUSD,
  calldata,
  DEADLINE,
  OTHER,
  ROUTER,
  taxes,
  UNLISTED,
  USDT,
  WBNB,
} from './fixtures.test-util';

const ORIGIN = 'https://jmswap.example';
const ETH: SdkNetwork = { ...BSC, id: 'ETH', name: 'Ethereum', chainId: 31001 };
const SWAP = calldata('swapExactTokensForTokens', [
  100n,
  90n,
  [USDT, WBNB, BUSD],
  taxes(0, 0, 0),
  ACCOUNT,
  DEADLINE,
]);

function setup(options: Partial<MountOptions> = {}) {
  const requests: { method: string; params?: unknown[] }[] = [];
  (window as unknown as { ethereum: unknown }).ethereum = {
    request: async (args: { method: string; params?: unknown[] }) => {
      requests.push(args);
      if (args.method === 'eth_requestAccounts') return [ACCOUNT];
      if (args.method === 'eth_chainId') return '0x' + BSC.chainId.toString(16);
      if (args.method === 'eth_getBalance') return '0x10';
      if (args.method === 'eth_sendTransaction') return '0xhash';
      if (args.method === 'wallet_switchEthereumChain') return null;
      if (args.method === 'eth_getTransactionReceipt') return null;
      throw new Error(`unexpected ${args.method}`);
    },
  };
  global.fetch = jest.fn(async () =>
    Response.json({ networks: { BSC, ETH } }),
  ) as unknown as typeof fetch;
  const element = document.createElement('div');
  document.body.appendChild(element);
  const onError = jest.fn();
  const onConnect = jest.fn();
  const handle = mountWidget(
    element,
    { network: 'BSC', onError, onConnect, ...options },
    options.origin ?? ORIGIN,
  );
  const frameWindow = handle.iframe.contentWindow as Window;
  const posted = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  const send = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  const replies = () => posted.mock.calls.map(([message, target]) => ({ message, target }));
  /** Waits until the host has posted `count` messages (each valid call gets exactly one reply). */
  const answered = (count: number) => waitFor(() => expect(replies()).toHaveLength(count));
  return { handle, send, replies, answered, requests, onError, onConnect, frameWindow };
}

const call = (fn: string, params: object, id: number) => ({
  type: 'JMSwapFunction',
  function: fn,
  params,
  id,
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('JMSwapWidget.mount', () => {
  it('frames the widget and sends its options (data only) to the widget origin', () => {
    const { handle, send, replies } = setup({
      tokens: ['BNB', 'USDT'],
      buttonStyle: { color: '#fff' },
      onSwap: () => undefined,
    });
    expect(handle.iframe.src).toBe(`${ORIGIN}/widget?n=BSC`);
    send({ type: 'JMSwapLoading' });
    expect(replies()).toEqual([
      {
        message: {
          type: 'JMSetOptions',
          options: {
            network: 'BSC',
            tokens: ['BNB', 'USDT'],
            buttonStyle: { color: '#fff' },
            hostFeatures: ['restore'],
          },
        },
        target: ORIGIN,
      },
    ]);
  });

  it('ignores messages from another origin or window', async () => {
    const { send, replies, answered, requests } = setup();
    send({ type: 'JMSwapLoading' }, 'https://evil.example');
    send({ type: 'JMSwapLoading' }, ORIGIN, window);
    send(call('connect', { network: 'BSC' }, 1), 'https://evil.example');
    send(call('connect', { network: 'BSC' }, 2), ORIGIN, {});
    // A call from the widget after them (refused: ETH is not the partner's): its reply is the
    // only message posted, and no wallet was asked anything.
    send(call('update', { network: 'ETH' }, 9));
    await answered(1);
    expect((replies()[0]?.message as { id: number }).id).toBe(9);
    expect(requests).toEqual([]);
  });

  it('answers connect with the address and the chain', async () => {
    const { send, replies, answered, onConnect } = setup();
    send(call('connect', { network: 'BSC' }, 7));
    await answered(1);
    expect(replies()).toEqual([
      {
        message: {
          type: 'JMSwapResponse',
          function: 'connected',
          id: 7,
          data: { address: ACCOUNT, name: 'Browser wallet', balance: '16', chainId: BSC.chainId },
        },
        target: ORIGIN,
      },
    ]);
    expect(onConnect).toHaveBeenCalledWith(
      expect.objectContaining({ address: ACCOUNT, network: 'BSC' }),
    );
  });

  it('connect {silent: true} comes back to the account the wallet still shares with the page, asking nothing; none shared: address null', async () => {
    const { send, replies, answered, requests, onConnect } = setup();
    const ethereum = (window as unknown as { ethereum: { request: (a: never) => unknown } })
      .ethereum;
    const request = ethereum.request;
    let shared: string[] = [];
    ethereum.request = async (args: { method: string }) => {
      if (args.method !== 'eth_accounts') return request(args as never);
      requests.push(args);
      return shared;
    };
    const data = (i: number) => (replies()[i]!.message as { data: unknown }).data;
    send(call('connect', { network: 'BSC', silent: true }, 1));
    await answered(1);
    expect(data(0)).toEqual({ address: null });
    expect(onConnect).not.toHaveBeenCalled();
    // Relays nothing for a widget that did not come back.
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 2));
    await answered(2);
    expect((data(1) as { error?: { code: number } }).error?.code).toBe(4100);

    shared = [ACCOUNT];
    send(call('connect', { network: 'BSC', silent: true }, 3));
    await answered(3);
    expect(data(2)).toEqual({
      address: ACCOUNT,
      name: 'Browser wallet',
      balance: '16',
      chainId: BSC.chainId,
    });
    expect(onConnect).toHaveBeenCalledWith(expect.objectContaining({ address: ACCOUNT }));
    // No prompt of any kind: no account request, no chain switch.
    const methods = requests.map((r) => r.method);
    expect(methods).not.toContain('eth_requestAccounts');
    expect(methods).not.toContain('wallet_switchEthereumChain');
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 4));
    await answered(4);
    expect(data(3)).toEqual({ txid: '0xhash' });
  });

  it('names the wallet’s chain in every connect and update reply, also when it is another chain', async () => {
    const { send, replies, answered } = setup();
    const ethereum = (window as unknown as { ethereum: { request: (a: object) => unknown } })
      .ethereum;
    const answer = ethereum.request;
    // The user keeps the wallet on chain 1: switching "succeeds" but nothing moves.
    ethereum.request = async (args: { method?: string }) =>
      args.method === 'eth_chainId' ? '0x1' : answer(args);
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    send(call('update', { network: 'BSC' }, 2));
    await answered(2);
    expect(
      replies().map((r) => {
        const m = r.message as { function: string; data: { chainId?: unknown } };
        return [m.function, m.data.chainId];
      }),
    ).toEqual([
      ['connected', 1],
      ['updated', 1],
    ]);
  });

  it('tells the widget when the wallet switches account, and sends as that account from then on', async () => {
    const listeners: ((accounts: string[]) => void)[] = [];
    const { send, replies, answered, requests } = setup();
    const ethereum = (window as unknown as { ethereum: Record<string, unknown> }).ethereum;
    ethereum.on = (event: string, l: (accounts: string[]) => void) => {
      if (event === 'accountsChanged') listeners.push(l);
    };
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    listeners.forEach((l) => l([OTHER]));
    expect(replies()[1]).toEqual({
      message: {
        type: 'JMSwapResponse',
        function: 'updated',
        data: { address: OTHER, name: 'Browser wallet', chainId: BSC.chainId },
      },
      target: ORIGIN,
    });
    // A swap paying the first account is refused; one paying the account picked is sent as it.
    const toOther = SWAP.replace(ACCOUNT.slice(2).toLowerCase(), OTHER.slice(2).toLowerCase());
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 2));
    await answered(3);
    expect((replies()[2]!.message as { data: { error?: { code: number } } }).data.error?.code).toBe(
      4100,
    );
    send(call('execute', { to: ROUTER, data: toOther, value: '0', network: 'BSC' }, 3));
    await answered(4);
    expect((replies()[3]!.message as { data: unknown }).data).toEqual({ txid: '0xhash' });
    const sent = requests.filter((r) => r.method === 'eth_sendTransaction');
    expect(sent.map((r) => (r.params?.[0] as { from: string }).from)).toEqual([OTHER]);
  });

  it('tells the widget when the wallet locks or disconnects the page, and relays nothing more until it connects again', async () => {
    const listeners: ((accounts: string[]) => void)[] = [];
    const { send, replies, answered, requests } = setup();
    const ethereum = (window as unknown as { ethereum: Record<string, unknown> }).ethereum;
    ethereum.on = (event: string, l: (accounts: string[]) => void) => {
      if (event === 'accountsChanged') listeners.push(l);
    };
    ethereum.removeListener = (event: string, l: (accounts: string[]) => void) =>
      listeners.splice(listeners.indexOf(l), 1);
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    listeners.forEach((l) => l([]));
    expect(replies()[1]!.message).toEqual({
      type: 'JMSwapResponse',
      function: 'updated',
      data: { address: null, name: 'Browser wallet', chainId: BSC.chainId },
    });
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 2));
    await answered(3);
    expect((replies()[2]!.message as { data: { error?: { code: number } } }).data.error?.code).toBe(
      4100,
    );
    expect(requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
    // Connected again: its sends go through.
    send(call('connect', { network: 'BSC' }, 3));
    await answered(4);
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 4));
    await answered(5);
    expect((replies()[4]!.message as { data: unknown }).data).toEqual({ txid: '0xhash' });
  });

  it('with two wallets in the page and none preferred, offers both; connects the one the visitor picks', async () => {
    const asked: string[] = [];
    const wallet = (name: string, account: string) => ({
      request: async ({ method }: { method: string }) => {
        asked.push(`${name} ${method}`);
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
        if (method === 'eth_chainId') return '0x' + BSC.chainId.toString(16);
        if (method === 'eth_getBalance') return '0x0';
        throw new Error(`unexpected ${method}`);
      },
    });
    const announced = [
      { info: { rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/png;base64,AA==' } },
      { info: { rdns: 'io.rabby', name: 'Rabby Wallet' } },
    ].map((a, i) => ({ ...a, provider: wallet(a.info.name, i ? OTHER : ACCOUNT) }));
    const announce = () =>
      announced.forEach((detail) =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    try {
      const { send, replies, answered, onConnect } = setup();
      send(call('connect', { network: 'BSC' }, 1));
      await answered(1);
      expect((replies()[0]!.message as { data: unknown }).data).toEqual({
        choose: [
          { rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/png;base64,AA==' },
          { rdns: 'io.rabby', name: 'Rabby Wallet' },
        ],
      });
      expect(asked).toEqual([]);
      expect(onConnect).not.toHaveBeenCalled();

      send(call('connect', { network: 'BSC', wallet: 'io.rabby' }, 2));
      await answered(2);
      expect((replies()[1]!.message as { data: { address: string } }).data.address).toBe(OTHER);
      expect(asked.filter((a) => a.startsWith('MetaMask'))).toEqual([]);
      expect(onConnect).toHaveBeenCalledWith(expect.objectContaining({ wallet: 'Rabby Wallet' }));

      // A wallet that is not in the page, or not a wallet id: refused.
      send(call('connect', { network: 'BSC', wallet: 'io.nowhere' }, 3));
      send(call('connect', { network: 'BSC', wallet: { rdns: 'io.rabby' } }, 4));
      await answered(4);
      expect(
        replies()
          .slice(2)
          .map((r) => (r.message as { data: { error?: { code: number } } }).data.error?.code),
      ).toEqual([4100, 4100]);

      // After a page load: with no wallet named, only the visitor can pick, so none comes back
      // and no wallet is asked; the one picked before comes back by its id.
      asked.length = 0;
      send(call('connect', { network: 'BSC', silent: true }, 5));
      await answered(5);
      expect((replies()[4]!.message as { data: unknown }).data).toEqual({ address: null });
      expect(asked).toEqual([]);
      send(call('connect', { network: 'BSC', silent: true, wallet: 'io.rabby' }, 6));
      await answered(6);
      expect((replies()[5]!.message as { data: { address: string } }).data.address).toBe(OTHER);
      expect(asked.filter((a) => !a.startsWith('Rabby'))).toEqual([]);
      expect(asked).not.toContain('Rabby Wallet eth_requestAccounts');
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });

  it('with two wallets and the partner’s evmWallet, connects that one without asking', async () => {
    const announce = () =>
      ['io.metamask', 'io.rabby'].forEach((rdns) =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: {
              info: { rdns, name: rdns },
              provider: (window as unknown as { ethereum: unknown }).ethereum,
            },
          }),
        ),
      );
    window.addEventListener('eip6963:requestProvider', announce);
    try {
      const { send, replies, answered } = setup({ evmWallet: 'io.rabby' });
      send(call('connect', { network: 'BSC' }, 1));
      await answered(1);
      expect((replies()[0]!.message as { data: { address: string } }).data.address).toBe(ACCOUNT);
    } finally {
      window.removeEventListener('eip6963:requestProvider', announce);
    }
  });

  it('does not answer unknown functions or malformed calls', async () => {
    const { send, replies, answered, requests } = setup();
    send(call('eth_sign', {}, 1));
    send({ type: 'JMSwapFunction', function: 'connect', params: 'x', id: 2 });
    send(call('execute', { data: 'a'.repeat(20000) }, 3));
    send(call('update', { network: 'ETH' }, 9)); // refused, answered: the only reply
    await answered(1);
    expect((replies()[0]?.message as { id: number }).id).toBe(9);
    expect(requests).toEqual([]);
  });

  it('refuses execute to an address outside the config, without asking the wallet', async () => {
    const { send, replies, answered, requests, onError } = setup();
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    send(call('execute', { to: USDT, data: SWAP, value: '0', network: 'BSC' }, 2));
    const other = SWAP.replace(ACCOUNT.slice(2).toLowerCase(), OTHER.slice(2).toLowerCase());
    send(call('execute', { to: ROUTER, data: other, network: 'BSC' }, 3));
    await answered(3);
    const answers = replies().slice(1);
    expect(
      answers.map((r) => (r.message as { data: { error?: { code: number } } }).data.error?.code),
    ).toEqual([4100, 4100]);
    expect(requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('sends an allowed swap through the wallet with the checked chain id', async () => {
    const { send, replies, answered, requests } = setup();
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    send(call('execute', { to: ROUTER, data: SWAP, value: '0', network: 'BSC' }, 2));
    await answered(2);
    expect(replies()[1]?.message).toEqual({
      type: 'JMSwapResponse',
      function: 'executeResponse',
      id: 2,
      data: { txid: '0xhash' },
    });
    const sent = requests.find((r) => r.method === 'eth_sendTransaction');
    expect(sent?.params?.[0]).toEqual(
      expect.objectContaining({
        to: ROUTER,
        from: ACCOUNT,
        chainId: '0x' + BSC.chainId.toString(16),
      }),
    );
  });

  const errorCodes = (replies: { message: unknown }[]) =>
    replies.map((r) => (r.message as { data?: { error?: { code: number } } }).data?.error?.code);
  const methods = (requests: { method: string }[]) => requests.map((r) => r.method);

  it('refuses a forged swap into an unlisted token with amountOutMin 0, without asking the wallet', async () => {
    const { send, replies, answered, requests, onError } = setup();
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    const before = requests.length;
    const forged = calldata('swapExactBaseForTokens', [
      0n,
      [WBNB, UNLISTED],
      taxes(0, 0),
      ACCOUNT,
      DEADLINE,
    ]);
    send(call('execute', { to: ROUTER, data: forged, value: `${10n ** 21n}`, network: 'BSC' }, 2));
    send(call('approve', { token: USDT, spender: ROUTER, amount: '1' }, 3)); // no network
    await answered(3);
    expect(errorCodes(replies().slice(1))).toEqual([4100, 4100]);
    expect(requests.length).toBe(before);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ function: 'execute', code: 4100 }),
    );
  });

  it('keeps the wallet on the partner’s networks: only `network` by default', async () => {
    const { send, replies, answered, requests, onError } = setup();
    send(call('connect', { network: 'ETH' }, 1));
    send(call('update', { network: 'ETH' }, 2));
    await answered(2);
    expect(errorCodes(replies())).toEqual([4100, 4100]);
    expect(requests).toEqual([]);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ function: 'update', code: 4100 }),
    );
    // still on BSC: its calls go on
    send(call('connect', { network: 'BSC' }, 3));
    await answered(3);
    expect(errorCodes(replies().slice(2))).toEqual([undefined]);
  });

  it('allows the networks the partner lists, and the one it moves the widget to', async () => {
    const listed = setup({ networks: ['BSC', 'ETH'] });
    listed.send(call('update', { network: 'ETH' }, 1));
    await listed.answered(1);
    expect(errorCodes(listed.replies())).toEqual([undefined]);
    expect(methods(listed.requests)).toContain('wallet_switchEthereumChain');
    document.body.innerHTML = '';

    const moved = setup();
    moved.handle.update({ network: 'ETH' });
    moved.send(call('update', { network: 'ETH' }, 1));
    await moved.answered(2); // the options sent by update(), then the reply
    expect(errorCodes(moved.replies().slice(1))).toEqual([undefined]);
  });

  it('does not send the host-only options to the widget', () => {
    const { send, replies } = setup({ networks: ['BSC'], pin: {} });
    send({ type: 'JMSwapLoading' });
    expect(replies()[0]?.message).toEqual({
      type: 'JMSetOptions',
      options: { network: 'BSC', hostFeatures: ['restore'] },
    });
  });

  it('refuses every request when the widget’s config disagrees with the partner’s pin', async () => {
    const pin = {
      BSC: {
        exchange: { ROUTER_ADDRESS: OTHER, LIQUIDITY_ROUTER: BSC.exchange.LIQUIDITY_ROUTER },
        tokens: {},
      },
    };
    const { send, replies, answered, requests, onError } = setup({ pin });
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    expect(errorCodes(replies())).toEqual([4100]);
    expect(requests).toEqual([]);
    expect(onError.mock.calls[0][0].message).toMatch(/ROUTER_ADDRESS is not the pinned one/);
  });

  it('allows only what an agreeing pin names', async () => {
    const pin = {
      BSC: {
        exchange: BSC.exchange,
        tokens: { BNB: { address: WBNB }, USDT: { address: USDT } }, // no BUSD
        pools: [{ symbolA: 'BNB', symbolB: 'USDT' }],
      },
    };
    const { send, replies, answered, requests } = setup({ pin });
    send(call('connect', { network: 'BSC' }, 1));
    await answered(1);
    const direct = calldata('swapExactTokensForTokens', [
      100n,
      90n,
      [USDT, WBNB],
      taxes(0, 0),
      ACCOUNT,
      DEADLINE,
    ]);
    send(call('execute', { to: ROUTER, data: SWAP, network: 'BSC' }, 2)); // through BUSD
    send(call('execute', { to: ROUTER, data: direct, network: 'BSC' }, 3));
    await answered(3);
    expect(errorCodes(replies().slice(1))).toEqual([4100, undefined]);
    expect(methods(requests).filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  });

  it('resizes the iframe from the height messages', () => {
    const onHeight = jest.fn();
    const { handle, send } = setup({ onHeight });
    send({ type: 'JMSwapHeight', height: 712 });
    expect(handle.iframe.style.height).toBe('712px');
    expect(onHeight).toHaveBeenCalledWith(712);
  });
});
