import { ChainError } from '../../core/errors';
import { HOST_CHAIN_WAIT_MS, widgetEvmConnection, widgetTronConnection } from './connection';
import { configureWidgetRelay, hostNamedNoChain, widgetConnector } from './index';
import { APPROVED_BY_HOST, approvalResult, executionResult, WidgetRelay } from './relay';
import { EvmWriter } from '../evm/writer';
import type { NetworkConfig } from '../../config/types';
import type { TronWebLike } from '../tron/tronweb-like';

const HOST = 'https://partner.example';

function fakeFrame() {
  const listeners: ((e: MessageEvent) => void)[] = [];
  const posted: { message: any; origin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, origin: string) => posted.push({ message, origin }),
  };
  const win = {
    parent,
    addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.push(l),
    removeEventListener: jest.fn(),
  } as unknown as Window;
  const reply = (data: unknown, origin = HOST, source: unknown = parent) =>
    listeners.forEach((l) => l({ data, origin, source } as MessageEvent));
  return { win, posted, reply };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

// Every relay a test opens is closed after it, so no request timer outlives the test.
const opened: WidgetRelay[] = [];
class TestRelay extends WidgetRelay {
  constructor(...args: ConstructorParameters<typeof WidgetRelay>) {
    super(...args);
    opened.push(this);
  }
}
afterEach(() => opened.splice(0).forEach((r) => r.close()));

describe('widget relay', () => {
  it('posts JMSwapFunction to the host origin and resolves with the matching JMSwapResponse', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const balance = relay.call('getBalanceForBase', { address: 'T1' });
    const allowance = relay.call('getAllowance', { token: 'JM' });
    expect(posted.map((p) => [p.message.type, p.message.function, p.origin])).toEqual([
      ['JMSwapFunction', 'getBalanceForBase', HOST],
      ['JMSwapFunction', 'getAllowance', HOST],
    ]);
    reply({
      type: 'JMSwapResponse',
      function: 'allowanceResponse',
      id: posted[1]!.message.id,
      data: '7',
    });
    reply({
      type: 'JMSwapResponse',
      function: 'balanceForBaseResponse',
      id: posted[0]!.message.id,
      data: '100',
    });
    await expect(allowance).resolves.toBe('7');
    await expect(balance).resolves.toBe('100');
  });

  it('matches replies without an id to the oldest open request of that function', async () => {
    const { win, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const first = relay.call('connect');
    reply({ type: 'JMSwapResponse', function: 'connected', data: { address: 'T1' } });
    await expect(first).resolves.toEqual({ address: 'T1' });
  });

  it('ignores replies from another origin, another window, or of another shape', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    let settled = false;
    relay.call('connect').then(
      () => (settled = true),
      () => undefined,
    );
    const id = posted[0]!.message.id;
    reply(
      { type: 'JMSwapResponse', function: 'connected', id, data: { address: 'EVIL' } },
      'https://evil.example',
    );
    reply(
      { type: 'JMSwapResponse', function: 'connected', id, data: { address: 'EVIL' } },
      HOST,
      {},
    );
    reply('JMSwapResponse');
    reply({ type: 'JMSwapResponse', function: 'executeResponse', id, data: 'x' });
    await flush();
    expect(settled).toBe(false);
    reply({ type: 'JMSwapResponse', function: 'connected', id, data: { address: 'T1' } });
    await flush();
    expect(settled).toBe(true);
  });

  it('sends amounts as decimal strings and never to "*"', () => {
    const { win, posted } = fakeFrame();
    new TestRelay(win, HOST)
      .call('approve', { amount: 2n ** 255n, list: [1n] })
      .catch(() => undefined);
    expect(posted[0]!.message.params).toEqual({ amount: (2n ** 255n).toString(), list: ['1'] });
    expect(() => new WidgetRelay(win, '*')).toThrow(/exact origin/);
  });

  it('times out when the host never answers', async () => {
    jest.useFakeTimers();
    const { win } = fakeFrame();
    const pending = new TestRelay(win, HOST, 1000).call('execute');
    jest.advanceTimersByTime(1001);
    await expect(pending).rejects.toThrow('The host page did not answer execute');
    jest.useRealTimers();
  });

  it('approve: false fails; execute/send: falsy fails; 4001 is a rejection', () => {
    expect(() => approvalResult(false)).toThrow(ChainError);
    expect(approvalResult(true)).toBe(APPROVED_BY_HOST); // done, explicitly: no id to wait on
    expect(approvalResult({ txid: 'abc' })).toBe('abc');
    expect(() => executionResult('')).toThrow(ChainError);
    expect(() => executionResult(null)).toThrow(ChainError);
    expect(() => executionResult({})).toThrow(ChainError);
    expect(executionResult({ transactionHash: '0x12' })).toBe('0x12');
    expect(() => executionResult({ error: { code: 4001 } })).toThrow(
      expect.objectContaining({ code: '4001' }),
    );
  });
});

describe('widget wallet connections', () => {
  const evm = { id: 'BSC', platform: 'evm', chainId: 56 } as NetworkConfig;
  const tron = { id: 'TRON', platform: 'tron', chainId: 728126428 } as NetworkConfig;

  it('EVM: approve calldata goes to the host approve, other sends to execute', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const wallet = widgetEvmConnection(evm, relay, '0xabc', 'MetaMask', 56);
    const spender = '1'.repeat(40);
    const data = `0x095ea7b3${'0'.repeat(24)}${spender}${5n.toString(16).padStart(64, '0')}`;
    const approval = wallet.sendTransaction({ to: '0xtoken', data });
    await flush();
    expect(posted[0]!.message).toMatchObject({
      function: 'approve',
      params: { token: '0xtoken', spender: `0x${spender}`, amount: '5', network: 'BSC' },
    });
    reply({
      type: 'JMSwapResponse',
      function: 'approvalResponse',
      id: posted[0]!.message.id,
      data: '0xa1',
    });
    await expect(approval).resolves.toBe('0xa1');

    const swap = wallet.sendTransaction({ to: '0xrouter', data: '0xdeadbeef', value: 3n });
    await flush();
    expect(posted[1]!.message).toMatchObject({
      function: 'execute',
      params: { to: '0xrouter', data: '0xdeadbeef', value: '3' },
    });
    reply({
      type: 'JMSwapResponse',
      function: 'executeResponse',
      id: posted[1]!.message.id,
      data: false,
    });
    await expect(swap).rejects.toThrow(ChainError);
    await expect(wallet.chainId()).resolves.toBe(56);

    // A host that hands back the id without its 0x, in capitals: the id the node knows.
    const hash = 'AB'.repeat(32);
    const second = wallet.sendTransaction({ to: '0xrouter', data: '0xdeadbeef', value: 3n });
    await flush();
    reply({
      type: 'JMSwapResponse',
      function: 'executeResponse',
      id: posted[2]!.message.id,
      data: { txid: hash },
    });
    await expect(second).resolves.toBe(`0x${'ab'.repeat(32)}`);
  });

  it('TRON: contract sends go to the host, reads stay on the node', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const reader = { trx: { getUnconfirmedTransactionInfo: jest.fn() } } as unknown as TronWebLike;
    const wallet = widgetTronConnection(tron, relay, 'TAddr', 'TronLink', reader);
    const tw = wallet.getTronWeb();
    expect(tw.trx).toBe(reader.trx);
    const contract = tw.contract([], 'TRouter') as {
      methods: Record<string, (...a: unknown[]) => { send(o?: object): Promise<unknown> }>;
    };
    const sent = contract.methods.swapExactBaseForTokens!(1n, ['a', 'b']).send({
      feeLimit: 100,
      callValue: 7,
    });
    expect(posted[0]!.message).toMatchObject({
      function: 'execute',
      params: {
        contract: 'TRouter',
        method: 'swapExactBaseForTokens',
        params: ['1', ['a', 'b']],
        feeLimit: 100,
        callValue: 7,
      },
    });
    reply({
      type: 'JMSwapResponse',
      function: 'executeResponse',
      id: posted[0]!.message.id,
      data: { txid: 'ff' },
    });
    await expect(sent).resolves.toBe('ff');
    const approve = (
      tw.contract([], 'TJM') as {
        methods: Record<string, (...a: unknown[]) => { send(): Promise<unknown> }>;
      }
    ).methods.approve!('TRouter', 9n).send();
    expect(posted[1]!.message).toMatchObject({
      function: 'approve',
      params: { token: 'TJM', spender: 'TRouter', amount: '9', network: 'TRON' },
    });
    reply({
      type: 'JMSwapResponse',
      function: 'approvalResponse',
      id: posted[1]!.message.id,
      data: false,
    });
    await expect(approve).rejects.toThrow(ChainError);
  });

  it('an "updated" message with another address is an account change: the wallet is that account now', () => {
    const { win, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const wallet = widgetEvmConnection(evm, relay, '0xabc', 'MetaMask');
    const changes: unknown[] = [];
    wallet.onChange((c) => changes.push(c));
    reply({ type: 'JMSwapResponse', function: 'updated', data: { address: '0xABC' } });
    reply({ type: 'JMSwapResponse', function: 'updated', data: { address: '0xdef' } });
    expect(changes).toEqual([{ type: 'accounts', value: '0xdef' }]);
    expect(wallet.address).toBe('0xdef');

    const tronWallet = widgetTronConnection(tron, relay, 'TA', 'TronLink', {} as TronWebLike);
    tronWallet.onChange(() => undefined);
    reply({ type: 'JMSwapResponse', function: 'updated', data: { address: 'TB' } });
    expect(tronWallet.address).toBe('TB');
    expect(tronWallet.getTronWeb().defaultAddress.base58).toBe('TB');
  });

  it('an "updated" message with no account (the host wallet locked) ends the connection', () => {
    const { win, reply } = fakeFrame();
    const wallet = widgetEvmConnection(evm, new TestRelay(win, HOST), '0xabc', 'MetaMask', 56);
    const changes: unknown[] = [];
    wallet.onChange((c) => changes.push(c));
    reply({ type: 'JMSwapResponse', function: 'updated', data: { chainId: 56 } });
    reply({ type: 'JMSwapResponse', function: 'updated', data: { address: null, chainId: 56 } });
    expect(changes).toEqual([{ type: 'disconnect' }]);
  });

  it('a host whose answer before a send names another account: nothing is sent (ACCOUNT_CHANGED)', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    // A host that named no chain is asked (update) before each send; its answer names the account.
    const wallet = widgetEvmConnection(evm, relay, '0xabc', 'Host');
    const changes: unknown[] = [];
    wallet.onChange((c) => changes.push(c));
    const sent = wallet
      .sendTransaction({ to: '0xrouter', data: '0xdeadbeef', value: 3n })
      .catch((e: unknown) => e);
    await flush();
    reply({
      type: 'JMSwapResponse',
      function: 'updated',
      id: posted[0]!.message.id,
      data: { address: '0xdef' },
    });
    expect(await sent).toMatchObject({ code: 'ACCOUNT_CHANGED' });
    expect(posted.map((p) => p.message.function)).toEqual(['update']);
    expect(changes).toEqual([{ type: 'accounts', value: '0xdef' }]);
    expect(wallet.address).toBe('0xdef');
  });

  it("the host's replies name its wallet's chain: a mismatch refuses, and nothing is sent", async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const wallet = widgetEvmConnection(evm, relay, '0xabc', 'MetaMask', 1);
    await expect(wallet.chainId()).resolves.toBe(1);
    const writer = new EvmWriter({ ...evm, name: 'BNB Smart Chain' } as NetworkConfig, wallet);
    const checked = writer.ensureChain();
    await flush();
    expect(posted[0]!.message).toMatchObject({ function: 'update', params: { network: 'BSC' } });
    // The host could not switch: its wallet is still on chain 1.
    const id = posted[0]!.message.id;
    reply({ type: 'JMSwapResponse', function: 'updated', id, data: { chainId: '0x1' } });
    await expect(checked).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
    expect(posted.map((p) => p.message.function)).toEqual(['update']);

    const changes: unknown[] = [];
    wallet.onChange((c) => changes.push(c));
    reply({ type: 'JMSwapResponse', function: 'updated', data: { address: '0xabc', chainId: 56 } });
    expect(changes).toEqual([{ type: 'chain', value: 56 }]);
    await expect(writer.ensureChain()).resolves.toBeUndefined();
  });

  it('an approval the host confirms with true is done at once: no receipt wait on an empty id', async () => {
    const { win, posted, reply } = fakeFrame();
    const relay = new TestRelay(win, HOST);
    const wallet = widgetEvmConnection(evm, relay, '0xabc', 'MetaMask', 56);
    const network = { ...evm, tokens: {}, exchange: {} } as unknown as NetworkConfig;
    const writer = new EvmWriter(network, wallet);
    // The node simulates the approval (eth_call, then the estimate) before the host is asked.
    const node = {
      call: jest.fn(async () => '0x'),
      estimateGas: jest.fn(async () => 50_000n),
      send: jest.fn(),
    };
    (writer as unknown as { provider: typeof node }).provider = node;
    const approval = writer.approve(`0x${'2'.repeat(40)}`, `0x${'1'.repeat(40)}`, 5n);
    for (let i = 0; i < 5 && posted.length === 0; i += 1) await flush();
    reply({
      type: 'JMSwapResponse',
      function: 'approvalResponse',
      id: posted[0]!.message.id,
      data: true,
    });
    await expect(approval).resolves.toEqual({ txid: APPROVED_BY_HOST });
    expect(node.call).toHaveBeenCalledTimes(1);
    // No receipt is waited for (the head and the nonce read before the host was asked are all
    // the node sees).
    expect(node.send.mock.calls.map((c: unknown[]) => c[0]).sort()).toEqual([
      'eth_blockNumber',
      'eth_getTransactionCount',
    ]);
  });

  describe('a host that named no chain at connect (the seed protocol has no chainId)', () => {
    const evmNet = { ...evm, name: 'BNB Smart Chain' } as NetworkConfig;
    const answer = (
      frame: ReturnType<typeof fakeFrame>,
      fn: string,
      data: unknown,
      at = frame.posted.length - 1,
    ) =>
      frame.reply({ type: 'JMSwapResponse', function: fn, id: frame.posted[at]!.message.id, data });
    const fns = (frame: ReturnType<typeof fakeFrame>) =>
      frame.posted.map((p) => p.message.function);
    const swap = { to: '0xrouter', data: '0xdeadbeef', value: 3n };

    it("a host's error at connect: a refusal is the user's (4001), anything else says what to do", async () => {
      const frame = fakeFrame();
      const relay = await configureWidgetRelay(frame.win, HOST);
      opened.push(relay);
      const connectWith = async (network: NetworkConfig, data: unknown) => {
        const connected = widgetConnector.connect(network);
        await flush();
        answer(frame, 'connected', data);
        return connected.catch((e: unknown) => e);
      };
      // The SDK's own answers: no TronLink in the page, no browser wallet, a declined prompt.
      const noTronLink = { error: { code: 4100, message: 'TronLink was not found on this page' } };
      const tronNet = { ...tron, name: 'TRON' } as NetworkConfig;
      expect(await connectWith(tronNet, noTronLink)).toMatchObject({
        code: 'WALLET_NOT_CONNECTED',
        message:
          "No TRON wallet answered on this page. Install or unlock TronLink, or open this page in TronLink's browser, then try again.",
      });
      const noWallet = { error: { code: -32000, message: 'No browser wallet was found' } };
      const error = await connectWith(evmNet, noWallet);
      expect(error).toBeInstanceOf(ChainError);
      expect((error as Error).message).toMatch(/^No wallet answered on this page\. .*MetaMask/);
      const declined = { error: { code: 4001, message: 'Connection declined in TronLink' } };
      expect(await connectWith(tronNet, declined)).toMatchObject({ code: 4001 });
      // A host on the seed's protocol answers nothing when its wallet said no.
      expect(await connectWith(evmNet, null)).toMatchObject({ code: 4001 });
    });

    it('a host with several wallets offers them; the one picked is named in the next connect', async () => {
      const frame = fakeFrame();
      const relay = await configureWidgetRelay(frame.win, HOST);
      opened.push(relay);
      const offered = widgetConnector.connect(evmNet).catch((e: unknown) => e);
      await flush();
      answer(frame, 'connected', {
        choose: [
          { rdns: 'io.metamask', name: 'MetaMask' },
          { rdns: 'io.rabby', name: 'Rabby Wallet' },
        ],
      });
      expect(await offered).toMatchObject({
        name: 'WalletChoiceNeeded',
        wallets: [
          { rdns: 'io.metamask', name: 'MetaMask' },
          { rdns: 'io.rabby', name: 'Rabby Wallet' },
        ],
      });
      const connected = widgetConnector.connect(evmNet, { rdns: 'io.rabby' });
      await flush();
      expect(frame.posted.at(-1)!.message).toMatchObject({
        function: 'connect',
        params: { network: 'BSC', wallet: 'io.rabby' },
      });
      answer(frame, 'connected', { address: '0xabc', name: 'Rabby Wallet', chainId: 56 });
      expect((await connected).name).toBe('Rabby Wallet');
    });

    it('the connect reply decides whether the confirm step names the network', async () => {
      const frame = fakeFrame();
      const relay = await configureWidgetRelay(frame.win, HOST);
      opened.push(relay);
      for (const [data, unnamed] of [
        [{ address: '0xabc', name: 'Host' }, true],
        [{ address: '0xabc', name: 'Host', chainId: 56 }, false],
      ] as const) {
        const connected = widgetConnector.connect(evmNet);
        await flush();
        answer(frame, 'connected', data);
        await connected;
        expect(hostNamedNoChain()).toBe(unnamed);
      }
    });

    it('is asked for its chain (update) before an execute; the same chain proceeds', async () => {
      const frame = fakeFrame();
      const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xabc', 'Host');
      const sent = wallet.sendTransaction(swap);
      await flush();
      expect(fns(frame)).toEqual(['update']);
      expect(frame.posted[0]!.message.params).toEqual({ network: 'BSC' });
      answer(frame, 'updated', { address: '0xabc', chainId: '0x38' });
      await flush();
      expect(fns(frame)).toEqual(['update', 'execute']);
      answer(frame, 'executeResponse', { transactionHash: `0x${'12'.repeat(32)}` });
      await expect(sent).resolves.toBe(`0x${'12'.repeat(32)}`);
    });

    it('another chain in the answer refuses the send with the network named: nothing is executed', async () => {
      const frame = fakeFrame();
      const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xabc', 'Host');
      const sent = wallet.sendTransaction(swap);
      await flush();
      answer(frame, 'updated', { address: '0xabc', chainId: 1 });
      await expect(sent).rejects.toMatchObject({
        code: 'WRONG_NETWORK',
        message: 'Your wallet is on another network. Switch it to BNB Smart Chain to continue.',
      });
      // An approval is refused the same way, after asking again.
      const approval = wallet.sendTransaction({
        to: '0xtoken',
        data: `0x095ea7b3${'0'.repeat(128)}`,
      });
      await flush();
      answer(frame, 'updated', { address: '0xabc', chainId: 1 });
      await expect(approval).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
      expect(fns(frame)).toEqual(['update', 'update']);
    });

    it('an answer naming no chain, or no answer at all, proceeds (the confirm step named the network)', async () => {
      jest.useFakeTimers();
      try {
        const frame = fakeFrame();
        const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xa', 'Host');
        const first = wallet.sendTransaction(swap);
        await jest.advanceTimersByTimeAsync(0);
        answer(frame, 'updated', { address: '0xa', name: 'Host', balance: '5' });
        await jest.advanceTimersByTimeAsync(0);
        answer(frame, 'executeResponse', '0x01');
        await expect(first).resolves.toBe('0x01');

        const second = wallet.sendTransaction(swap);
        await jest.advanceTimersByTimeAsync(HOST_CHAIN_WAIT_MS - 1);
        expect(fns(frame)).toEqual(['update', 'execute', 'update']);
        await jest.advanceTimersByTimeAsync(1);
        expect(fns(frame)).toEqual(['update', 'execute', 'update', 'execute']);
        answer(frame, 'executeResponse', '0x02');
        await expect(second).resolves.toBe('0x02');
      } finally {
        jest.useRealTimers();
      }
    });

    it('through the writer: an approve for a host on another chain never reaches the host', async () => {
      const frame = fakeFrame();
      const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xabc', 'Host');
      const network = { ...evmNet, tokens: {}, exchange: {} } as unknown as NetworkConfig;
      const writer = new EvmWriter(network, wallet);
      const node = {
        call: jest.fn(async () => '0x'),
        estimateGas: jest.fn(async () => 50_000n),
        send: jest.fn(),
      };
      (writer as unknown as { provider: typeof node }).provider = node;
      const approval = writer.approve(`0x${'2'.repeat(40)}`, `0x${'1'.repeat(40)}`, 5n);
      for (let i = 0; i < 5 && frame.posted.length === 0; i += 1) await flush();
      answer(frame, 'updated', { address: '0xabc', chainId: 137 });
      await expect(approval).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
      expect(fns(frame)).toEqual(['update']);
    });

    it('a host whose wallet declines the question (4001) is refused', async () => {
      const frame = fakeFrame();
      const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xabc', 'Host');
      const sent = wallet.sendTransaction(swap);
      await flush();
      answer(frame, 'updated', { error: { code: 4001, message: 'User rejected' } });
      await expect(sent).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
      expect(fns(frame)).toEqual(['update']);
    });

    it('TRON: the writer’s chain check asks the host, and another chain refuses', async () => {
      const frame = fakeFrame();
      const reader = { trx: {} } as unknown as TronWebLike;
      const wallet = widgetTronConnection(tron, new TestRelay(frame.win, HOST), 'TA', 'TL', reader);
      const checked = wallet.assertChain();
      await flush();
      answer(frame, 'updated', { address: 'TA', chainId: 2494104990 });
      await expect(checked).rejects.toMatchObject({ code: 'WRONG_NETWORK' });
      const again = wallet.assertChain();
      await flush();
      answer(frame, 'updated', { address: 'TA', chainId: tron.chainId });
      await expect(again).resolves.toBeUndefined();
      expect(fns(frame)).toEqual(['update', 'update']);
    });

    it('a host that named its chain at connect is not asked again before a send', async () => {
      const frame = fakeFrame();
      const wallet = widgetEvmConnection(evmNet, new TestRelay(frame.win, HOST), '0xa', 'H', 56);
      const sent = wallet.sendTransaction(swap);
      await flush();
      expect(fns(frame)).toEqual(['execute']);
      answer(frame, 'executeResponse', '0x03');
      await expect(sent).resolves.toBe('0x03');
    });
  });
});
