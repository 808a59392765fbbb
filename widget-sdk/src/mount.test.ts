import { mountWidget, type MountOptions } from './mount';
import { ROUTER_METHODS } from './router-methods.generated';
import { ACCOUNT, BSC, OTHER, ROUTER, USDT, word } from './fixtures.test-util';

const ORIGIN = 'https://jmswap.example';

function setup(options: Partial<MountOptions> = {}) {
  const requests: { method: string; params?: unknown[] }[] = [];
  (window as unknown as { ethereum: unknown }).ethereum = {
    request: async (args: { method: string; params?: unknown[] }) => {
      requests.push(args);
      if (args.method === 'eth_requestAccounts') return [ACCOUNT];
      if (args.method === 'eth_chainId') return '0x' + BSC.chainId.toString(16);
      if (args.method === 'eth_getBalance') return '0x10';
      if (args.method === 'eth_sendTransaction') return '0xhash';
      if (args.method === 'eth_getTransactionReceipt') return null;
      throw new Error(`unexpected ${args.method}`);
    },
  };
  global.fetch = jest.fn(async () =>
    Response.json({ networks: { BSC } }),
  ) as unknown as typeof fetch;
  const element = document.createElement('div');
  document.body.appendChild(element);
  const onError = jest.fn();
  const onConnect = jest.fn();
  const handle = mountWidget(element, { network: 'BSC', onError, onConnect, ...options }, ORIGIN);
  const frameWindow = handle.iframe.contentWindow as Window;
  const posted = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  const send = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  const replies = () => posted.mock.calls.map(([message, target]) => ({ message, target }));
  return { handle, send, replies, requests, onError, onConnect, frameWindow };
}

const settle = () => new Promise((r) => setTimeout(r, 400));
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
          options: { network: 'BSC', tokens: ['BNB', 'USDT'], buttonStyle: { color: '#fff' } },
        },
        target: ORIGIN,
      },
    ]);
  });

  it('ignores messages from another origin or window', async () => {
    const { send, replies, requests } = setup();
    send({ type: 'JMSwapLoading' }, 'https://evil.example');
    send({ type: 'JMSwapLoading' }, ORIGIN, window);
    send(call('connect', { network: 'BSC' }, 1), 'https://evil.example');
    send(call('connect', { network: 'BSC' }, 2), ORIGIN, {});
    await settle();
    expect(replies()).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('answers connect with the address and the chain', async () => {
    const { send, replies, onConnect } = setup();
    send(call('connect', { network: 'BSC' }, 7));
    await settle();
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

  it('tells the widget when the wallet switches account', async () => {
    const listeners: ((accounts: string[]) => void)[] = [];
    const { send, replies } = setup();
    const ethereum = (window as unknown as { ethereum: Record<string, unknown> }).ethereum;
    ethereum.on = (event: string, l: (accounts: string[]) => void) => {
      if (event === 'accountsChanged') listeners.push(l);
    };
    send(call('connect', { network: 'BSC' }, 1));
    await settle();
    listeners.forEach((l) => l([OTHER]));
    expect(replies()[1]).toEqual({
      message: {
        type: 'JMSwapResponse',
        function: 'updated',
        data: { address: OTHER, name: 'Browser wallet', chainId: BSC.chainId },
      },
      target: ORIGIN,
    });
  });

  it('does not answer unknown functions or malformed calls', async () => {
    const { send, replies } = setup();
    send(call('eth_sign', {}, 1));
    send({ type: 'JMSwapFunction', function: 'connect', params: 'x', id: 2 });
    send(call('execute', { data: 'a'.repeat(20000) }, 3));
    await settle();
    expect(replies()).toEqual([]);
  });

  it('refuses execute to an address outside the config, without asking the wallet', async () => {
    const { send, replies, requests, onError } = setup();
    send(call('connect', { network: 'BSC' }, 1));
    await settle();
    const swap = `${ROUTER_METHODS.swapExactTokensForTokens.selector}${word('1')}${word('1')}${word('c0')}${word('120')}${word(ACCOUNT)}${word('ff')}`;
    send(call('execute', { to: USDT, data: swap, value: '0', network: 'BSC' }, 2));
    send(call('execute', { to: ROUTER, data: swap.replace(word(ACCOUNT), word(OTHER)) }, 3));
    await settle();
    const answers = replies().slice(1);
    expect(
      answers.map((r) => (r.message as { data: { error?: { code: number } } }).data.error?.code),
    ).toEqual([4100, 4100]);
    expect(requests.map((r) => r.method)).not.toContain('eth_sendTransaction');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('sends an allowed swap through the wallet with the checked chain id', async () => {
    const { send, replies, requests } = setup();
    send(call('connect', { network: 'BSC' }, 1));
    await settle();
    const swap = `${ROUTER_METHODS.swapExactTokensForTokens.selector}${word('1')}${word('1')}${word('c0')}${word('120')}${word(ACCOUNT)}${word('ff')}`;
    send(call('execute', { to: ROUTER, data: swap, value: '0', network: 'BSC' }, 2));
    await settle();
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

  it('resizes the iframe from the height messages', () => {
    const onHeight = jest.fn();
    const { handle, send } = setup({ onHeight });
    send({ type: 'JMSwapHeight', height: 712 });
    expect(handle.iframe.style.height).toBe('712px');
    expect(onHeight).toHaveBeenCalledWith(712);
  });
});
