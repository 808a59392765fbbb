import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  appEvents$,
  ChainError,
  formatAmount,
  parseNetworksFile,
  session$,
  setApprovalMode,
  setNetworks,
  setSlippageBps,
  type AppEvent,
} from '@jmswap/shared-chain';
import { estimateAmountNeeded } from '@jmswap/shared-chain/swap';
import { SwapPanel } from './SwapPanel';
import { provideSwapApi } from './swapApi';
import { fakeSwapApi } from './testing/fakeSwapApi';

const file = parseNetworksFile(production);
const tron = file.networks.TRON;
// 1 TRX = 100 JM-ish: 1,000,000 TRX against 100,000,000 JM
const reserves = [
  {
    symbolA: 'TRX',
    symbolB: 'JM',
    reserveA: 1_000_000n * 10n ** 6n,
    reserveB: 100_000_000n * 10n ** 8n,
  },
  {
    symbolA: 'TRX',
    symbolB: 'USDT',
    reserveA: 4_000_000n * 10n ** 6n,
    reserveB: 1_000_000n * 10n ** 6n,
  },
];
let events: AppEvent[] = [];
let api: ReturnType<typeof fakeSwapApi>;

beforeAll(() => setNetworks(file));
let listening: { unsubscribe(): void } | undefined;
afterEach(() => listening?.unsubscribe());
beforeEach(() => {
  api = fakeSwapApi(tron, reserves, { TRX: 500n * 10n ** 6n, JM: 0n });
  provideSwapApi(api);
  events = [];
  listening = appEvents$.subscribe((e) => events.push(e));
  session$.next({ connected: false });
  localStorage.clear();
  setSlippageBps(500);
  setApprovalMode('max');
});
const connect = () =>
  act(() =>
    session$.next({
      connected: true,
      address: 'TXYZ',
      name: 'TronLink',
      balance: 500n * 10n ** 6n,
    }),
  );
const sell = () => screen.getByRole('textbox', { name: 'Tokens to swap' });
const receive = () => screen.getByRole('textbox', { name: 'Estimate' });
const toasts = () =>
  events
    .filter((e): e is Extract<AppEvent, { type: 'toast' }> => e.type === 'toast')
    .map((e) => e.text);

it('shows the default pair, prices to 8 decimals, and asks to connect', async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  expect(screen.getByRole('button', { name: 'Sell token: TRX' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Receive token: JM' })).toBeInTheDocument();
  expect(await screen.findByTestId('price-from')).toHaveTextContent('100.00000000 JM');
  expect(screen.getByTestId('price-to')).toHaveTextContent('0.01000000 TRX');
  await userEvent.click(screen.getByRole('button', { name: 'CONNECT WALLET' }));
  expect(events).toContainEqual({ type: 'connectWalletRequested' });
});

it('while the wallet of the last visit is asked again, SWAP waits for it: no CONNECT WALLET to press', async () => {
  act(() => session$.next({ connected: false, restoring: true }));
  render(<SwapPanel network="TRON" query={{}} />);
  expect(screen.getByRole('button', { name: 'Connecting wallet…' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'CONNECT WALLET' })).toBeNull();
  act(() => session$.next({ connected: false }));
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeEnabled();
  // The box was in use all along: its prices are read while the wallet is asked.
  expect(await screen.findByTestId('price-from')).toHaveTextContent('100.00000000 JM');
});

it('estimates as the user types, with minimum received, impact, fee and path', async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(screen.getByText('Minimum received')).toBeInTheDocument();
  expect(screen.getByTestId('path')).toHaveTextContent('TRX → JM');
  expect(screen.getByTestId('price-impact')).toHaveTextContent('0.00%');
  expect(screen.getByTestId('lp-fee').textContent).toMatch(/JM$/);
  expect(screen.getByText('JM tax')).toBeInTheDocument();
});

it('typing in the receive field shows Maximum sold and fills the sell field', async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(receive(), '100');
  await waitFor(() => expect(sell()).not.toHaveValue(''));
  expect(screen.getByText('Maximum sold')).toBeInTheDocument();
  expect(screen.getByTestId('lp-fee').textContent).toMatch(/TRX$/);
});

it.each(['abc', '-1', '1.2.3', '1e999'])(
  'input %j resets the form without a crash',
  async (text) => {
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '5');
    await userEvent.clear(sell());
    await userEvent.type(sell(), text);
    expect(receive()).toHaveValue('');
    expect(screen.getByText('TOKEN SWAP')).toBeInTheDocument();
  },
);

it('shows a disabled INSUFFICIENT LIQUIDITY button for an amount larger than the pool', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(receive(), '100000000');
  expect(await screen.findByRole('button', { name: 'INSUFFICIENT LIQUIDITY' })).toBeDisabled();
  await userEvent.clear(receive());
  await userEvent.type(receive(), '1');
  expect(await screen.findByRole('button', { name: 'SWAP' })).toBeEnabled();
});

it('says what is missing before sending anything', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  expect(toasts()).toContain('You need to input the values first');
  await userEvent.type(sell(), '600');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  expect(toasts()).toContain('Insufficient balance');
  expect(api.swaps).toHaveLength(0);
});

it("a pasted amount with more decimals than the token's is refused with the reason", async () => {
  render(<SwapPanel network="TRON" query={{ from: 'USDT', to: 'TRX' }} />);
  await userEvent.type(sell(), '2.5');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  const estimate = (receive() as HTMLInputElement).value;
  await userEvent.clear(sell());
  await userEvent.paste('2.1234567');
  expect(sell()).toHaveValue('');
  expect(screen.getByRole('alert')).toHaveTextContent('USDT has at most 6 decimals');
  await userEvent.type(sell(), '2.5');
  await waitFor(() => expect(receive()).toHaveValue(estimate));
  expect(screen.queryByText('USDT has at most 6 decimals')).not.toBeInTheDocument();
});

it.each([
  [0, 'USDT takes whole amounts only'],
  [1, 'USDT has at most 1 decimal'],
])('a token of %i decimal(s) says so in words', async (decimals, text) => {
  const odd = parseNetworksFile(production);
  odd.networks.TRON.tokens.USDT = { ...odd.networks.TRON.tokens.USDT!, decimals };
  setNetworks(odd);
  try {
    render(<SwapPanel network="TRON" query={{ from: 'USDT', to: 'TRX' }} />);
    await userEvent.type(sell(), '1.25');
    expect(sell()).toHaveValue(decimals === 0 ? '1.' : '1.2');
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    // What is kept of the amount is quoted.
    await waitFor(() => expect(receive()).not.toHaveValue(''));
  } finally {
    // The panel is still on screen: it follows the networks back.
    act(() => setNetworks(file));
  }
});

it("selling more than the wallet holds says so as the quote shows, in the spec's words", async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  connect();
  await userEvent.type(sell(), '600'); // 500 TRX in the wallet
  expect(await screen.findByTestId('balance-short')).toHaveTextContent('Insufficient balance');
  expect(screen.queryByTestId('simulated-result')).toBeNull();
  await userEvent.clear(sell());
  await userEvent.type(sell(), '100');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(screen.queryByTestId('balance-short')).toBeNull();
});

it('a token sold beyond its balance gets the token sentence', async () => {
  render(<SwapPanel network="TRON" query={{ from: 'JM', to: 'TRX' }} />);
  connect();
  await userEvent.type(sell(), '5'); // no JM in the wallet
  expect(await screen.findByTestId('balance-short')).toHaveTextContent(
    'Insufficient balance of selected token',
  );
});

it('MAX needs both tokens and fills the balance', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.click(await screen.findByRole('button', { name: 'MAX' }));
  await waitFor(() => expect(sell()).toHaveValue('500'));
});

it('a balance below the 6 decimals shown reads as a tiny amount, not "0", and MAX sells it', async () => {
  api = fakeSwapApi(tron, reserves, { TRX: 500n * 10n ** 6n, JM: 1n }); // 0.00000001 JM
  provideSwapApi(api);
  connect();
  render(<SwapPanel network="TRON" query={{ from: 'JM', to: 'TRX' }} />);
  expect(await screen.findByText('0.0₇1')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'MAX' }));
  await waitFor(() => expect(sell()).toHaveValue('0.00000001'));
});

describe('SWAP or MAX before the box has read the balance', () => {
  // Connected, but neither the session nor the box knows the balance yet (a slow node).
  const connectUnread = () =>
    act(() => session$.next({ connected: true, address: 'TXYZ', name: 'TronLink' }));
  const hang = () => new Promise<never>(() => {});

  it('reads it then and swaps: a user with funds is never told "Insufficient balance"', async () => {
    api.readBalances = hang;
    connectUnread();
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    api.readBalances = undefined; // the node answers the press's own read
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(toasts()).toEqual([]);
    expect(api.swaps).toHaveLength(1);
  });

  it('TRON: a wallet with staked energy and little TRX is not sent for TRX while its energy is read', async () => {
    api = fakeSwapApi(tron, reserves, { TRX: 10n * 10n ** 6n, JM: 1_000n * 10n ** 8n });
    provideSwapApi(api);
    api.readEnergy = hang;
    act(() =>
      session$.next({
        connected: true,
        address: 'TXYZ',
        name: 'TronLink',
        balance: 10n * 10n ** 6n,
      }),
    );
    render(<SwapPanel network="TRON" query={{ from: 'JM', to: 'TRX' }} />);
    await userEvent.type(sell(), '100');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    api.readEnergy = undefined; // the node answers the press's own read: 1,000,000 energy
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(toasts()).toEqual([]);
  });

  it('TRON: selling a token with TRX not read yet reads it for the fee rule, not 0', async () => {
    api = fakeSwapApi(tron, reserves, { TRX: 100n * 10n ** 6n, JM: 1_000n * 10n ** 8n });
    provideSwapApi(api);
    api.readEnergy = async () => 0n; // no free energy: the fee rule needs TRX
    api.readBalances = hang;
    connectUnread();
    render(<SwapPanel network="TRON" query={{ from: 'JM', to: 'TRX' }} />);
    await userEvent.type(sell(), '100');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    api.readBalances = undefined; // the node answers the press's own reads
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(toasts()).toEqual([]);
  });

  it('says so when the node does not answer, and works once it does', async () => {
    api.readBalances = async () => undefined; // what a reader answers when no node does
    connectUnread();
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'MAX' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Your balance could not be read. Check your connection, then try again.',
      ]),
    );
    expect(sell()).toHaveValue('');
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1]).toBe(toasts()[0]);
    expect(api.swaps).toEqual([]);
    api.readBalances = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(api.swaps).toHaveLength(1);
  });
});

it('swaps, shows FUNDS ON THE WAY with the explorer link, and resets on close', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  const popup = await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(popup).toHaveTextContent('10 TRX');
  expect(screen.getByTestId('txid')).toHaveAttribute('href', `${tron.scan}${'ab'.repeat(32)}`);
  expect(events).toContainEqual({
    type: 'loading',
    on: true,
    text: 'Processing transaction, please wait...',
  });
  expect(api.swaps[0]).toMatchObject({
    kind: 'exactIn',
    amountIn: 10_000_000n,
    path: ['TRX', 'JM'],
  });
  await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
  expect(sell()).toHaveValue('');
});

it('a swap whose output is a base unit or two is sent with a minimum of one unit, never 0', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{ from: 'TRX', to: 'USDT' }} />);
  // 0.000005 TRX at 4 TRX per USDT: 0.00000124 USDT, of which USDT's 6 decimals keep one unit.
  await userEvent.type(sell(), '0.000005');
  await waitFor(() => expect(receive()).toHaveValue('0.000001'));
  expect(screen.getByTestId('bound')).toHaveTextContent('0.000001 USDT');
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(api.swaps[0]).toMatchObject({ kind: 'exactIn', amountIn: 5n, bound: 1n });
});

it('a failed swap says Swap failed and keeps the form', async () => {
  connect();
  api.fail = new Error('boom');
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await waitFor(() => expect(toasts()).toContain('Swap failed'));
  expect(sell()).toHaveValue('10');
});

it('a swap its simulation stopped shows the sentence in the box, with the raw reason when unknown', async () => {
  connect();
  api.fail = Object.assign(
    new ChainError('SIMULATION_FAILED', 'This swap would fail, so nothing was sent.'),
    { details: 'Details: Pausable: paused' },
  );
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  const failure = await screen.findByTestId('simulation-failure');
  expect(failure).toHaveTextContent(
    'This swap would fail, so nothing was sent.Details: Pausable: paused',
  );
  expect(toasts()).toContain('This swap would fail, so nothing was sent.');
  expect(api.swaps).toEqual([]);
  // A new quote clears it.
  await userEvent.type(sell(), '1');
  await waitFor(() => expect(screen.queryByTestId('simulation-failure')).toBeNull());
});

it('asks for a confirmation above 15% price impact', async () => {
  connect();
  api = fakeSwapApi(tron, reserves, { TRX: 10n ** 15n });
  provideSwapApi(api);
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '500000');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Price impact is very high');
  expect(api.swaps).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(api.swaps).toHaveLength(1);
});

it('an edit after the impact question takes it away: SWAP asks again for the new amount', async () => {
  connect();
  api = fakeSwapApi(tron, reserves, { TRX: 10n ** 15n });
  provideSwapApi(api);
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '500000');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Price impact is very high');
  await userEvent.type(sell(), '0');
  expect(screen.queryByText(/Price impact is very high/)).toBeNull();
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  // The question was about 500000: the first press for 5000000 asks it again, nothing is sent.
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Price impact is very high');
  expect(api.swaps).toHaveLength(0);
});

it('a keystroke renders the box once (no second pass from an effect)', async () => {
  let commits = 0;
  render(
    <Profiler id="swap" onRender={() => (commits += 1)}>
      <SwapPanel network="TRON" query={{}} />
    </Profiler>,
  );
  await screen.findByText(/100\.00000000 JM/);
  await act(() => new Promise((r) => setTimeout(r, 20)));
  for (const text of ['1', '12', '12.', '12.5']) {
    commits = 0;
    await act(async () => {
      fireEvent.change(sell(), { target: { value: text } });
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(commits).toBe(1);
  }
});

it('on TRON, choosing the receive token as the sell token makes the receive side JM', async () => {
  render(<SwapPanel network="TRON" query={{ from: 'USDT', to: 'TRX' }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Sell token: USDT' }));
  await userEvent.click((await screen.findAllByRole('option', { name: /^TRX/ }))[0]!);
  expect(screen.getByRole('button', { name: 'Sell token: TRX' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Receive token: JM' })).toBeInTheDocument();
});

it('choosing the sell token as the receive token switches the sides', async () => {
  render(<SwapPanel network="TRON" query={{ from: 'USDT', to: 'TRX' }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Receive token: TRX' }));
  await userEvent.click((await screen.findAllByRole('option', { name: /^USDT/ }))[0]!);
  expect(screen.getByRole('button', { name: 'Sell token: TRX' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Receive token: USDT' })).toBeInTheDocument();
});

it("the chosen pair goes into the page's link (replacing the entry), not the pair it opened with", async () => {
  const setQuery = jest.fn();
  render(<SwapPanel network="TRON" query={{ from: 'USDT', to: 'TRX' }} setQuery={setQuery} />);
  await screen.findByRole('button', { name: 'Receive token: TRX' });
  expect(setQuery).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Receive token: TRX' }));
  await userEvent.click((await screen.findAllByRole('option', { name: /^JM/ }))[0]!);
  expect(setQuery).toHaveBeenLastCalledWith({ from: 'USDT', to: 'JM' }, { replace: true });
  await userEvent.click(screen.getByRole('button', { name: 'Switch direction' }));
  expect(setQuery).toHaveBeenLastCalledWith({ from: 'JM', to: 'USDT' }, { replace: true });
});

it("the widget leaves its host's link alone", async () => {
  const setQuery = jest.fn();
  render(<SwapPanel network="TRON" query={{}} widget setQuery={setQuery} />);
  await userEvent.click(await screen.findByRole('button', { name: /^Receive token: / }));
  await userEvent.click((await screen.findAllByRole('option', { name: /^USDT/ }))[0]!);
  expect(screen.getByRole('button', { name: 'Receive token: USDT' })).toBeInTheDocument();
  expect(setQuery).not.toHaveBeenCalled();
});

it('approves the maximum by default, or only the swap amount when the user asks', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await userEvent.click(await screen.findByRole('button', { name: 'CLOSE' }));
  await userEvent.click(screen.getByRole('button', { name: /^Slippage/ }));
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'Approve only the amount of each swap' }),
  );
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(api.approvals).toEqual(['max', 'exact']);
});

it('says when the network cannot be reached instead of failing silently, on the banner and the button', async () => {
  api.quote = async () => {
    const { ChainError } = await import('@jmswap/shared-chain');
    const { NETWORK_UNREACHABLE } = await import('@jmswap/shared-chain/swap');
    throw new ChainError('TRANSACTION_FAILED', NETWORK_UNREACHABLE);
  };
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  expect(await screen.findByText(/Network unreachable:/)).toBeInTheDocument();
  // The pools were not read: the button does not claim they lack liquidity.
  expect(screen.getByRole('button', { name: 'Network unreachable' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'INSUFFICIENT LIQUIDITY' })).toBeNull();
});

it('shows the banner when the pools cannot be read, not when the nodes fail only other reads, and clears it when one answers', async () => {
  let report: (status: 'ok' | 'unreachable') => void = () => undefined;
  let unsubscribed = false;
  api.nodeStatus = (network, onChange) => {
    expect(network).toBe('TRON');
    report = onChange;
    onChange('ok');
    return () => (unsubscribed = true);
  };
  const { ChainError } = await import('@jmswap/shared-chain');
  const { NETWORK_UNREACHABLE } = await import('@jmswap/shared-chain/swap');
  const working = { quote: api.quote, prices: api.prices };
  const noNode = async () => {
    throw new ChainError('TRANSACTION_FAILED', NETWORK_UNREACHABLE);
  };
  const view = render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));

  // Every node failed its last read (a rate-limited balance read, say), but the pools still
  // answer: the box reads them at once, and says nothing of an unreachable network.
  let quotes = api.quotes;
  act(() => report('unreachable'));
  await waitFor(() => expect(api.quotes).toBeGreaterThan(quotes));
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(screen.queryByText(/Network unreachable/)).not.toBeInTheDocument();

  // The pools cannot be read either: the banner, and no estimate.
  act(() => report('ok'));
  Object.assign(api, { quote: noNode, prices: noNode });
  act(() => report('unreachable'));
  expect(await screen.findByText(/Network unreachable/)).toBeInTheDocument();
  await waitFor(() => expect(receive()).toHaveValue(''));

  // A node answers again: the box reads at once (not at the next refresh), and the banner goes.
  Object.assign(api, working);
  quotes = api.quotes;
  act(() => report('ok'));
  await waitFor(() => expect(screen.queryByText(/Network unreachable/)).not.toBeInTheDocument());
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(api.quotes).toBeGreaterThan(quotes);
  view.unmount();
  expect(unsubscribed).toBe(true);
});

/** The TRX/JM pool after someone sold JM into it: each TRX now buys fewer JM. */
const jmCheaper = () =>
  reserves.map((p) => (p.symbolB === 'JM' ? { ...p, reserveA: p.reserveA / 2n } : p));

it("the page's own transaction lands: the shown estimate is made again from the new pools", async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  const shown = (receive() as HTMLInputElement).value;
  act(() => api.moveChain(jmCheaper()));
  await waitFor(() => expect(receive()).not.toHaveValue(shown));
  // Half the TRX for the same JM: about twice the JM per TRX.
  expect(Number((receive() as HTMLInputElement).value)).toBeGreaterThan(Number(shown) * 1.9);
});

it('SWAP never sends a quote read before the last transaction landed: it is made again first', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  const quotes = api.quotes;
  // The chain moved, but the box was not told (its listener came too late): SWAP finds out.
  api.movedAt = Date.now() + 1;
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(api.quotes).toBe(quotes + 1);
  expect(api.swaps).toHaveLength(1);
});

it("a link's slippageBps never sets the slippage: the user's own value stays", async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.click(screen.getByRole('button', { name: /^Slippage/ }));
  await userEvent.click(screen.getByRole('button', { name: '1.00%' }));
  expect(localStorage.getItem('JMSWAP_SLIPPAGE_BPS')).toBe('100');
  cleanup();
  render(<SwapPanel network="TRON" query={{ slippageBps: '5000' }} />);
  expect(screen.getByRole('button', { name: /^Slippage/ })).toHaveTextContent('Slippage 1.00%');
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(api.lastSlippageBps).toBe(100);
});

it('one send per click: SWAP waits for the wallet, disabled, and a double click swaps once', async () => {
  connect();
  let openWallet!: () => void;
  api.walletOpen = new Promise((resolve) => (openWallet = resolve));
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await userEvent.dblClick(screen.getByRole('button', { name: 'SWAP' }));
  const waiting = await screen.findByRole('button', { name: 'Waiting for your wallet' });
  expect(waiting).toBeDisabled();
  expect(screen.getByText('Confirm or reject the request in your wallet.')).toBeVisible();
  await userEvent.click(waiting);
  openWallet();
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(api.swaps).toHaveLength(1);
  expect(toasts()).toEqual([]);
  expect(screen.getByRole('button', { name: 'SWAP' })).toBeEnabled();
});

it('one estimate per edit: the quote filling the other field is not an edit', async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  sell().focus();
  await userEvent.paste('10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  // Absence has no event to wait for: longer than the debounce, in which a second run would show.
  await new Promise((r) => setTimeout(r, 600));
  expect(api.quotes).toBe(1);
});

it('a slippage change voids the shown bound at once, then shows the new one', async () => {
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  const before = await screen.findByText('Minimum received');
  const oldBound = before.nextElementSibling?.textContent;
  await userEvent.click(screen.getByRole('button', { name: /^Slippage/ }));
  await userEvent.click(screen.getByRole('button', { name: '1.00%' }));
  expect(screen.queryByText('Minimum received')).toBeNull();
  const after = await screen.findByText('Minimum received');
  expect(after.nextElementSibling?.textContent).not.toBe(oldBound);
  expect(api.lastSlippageBps).toBe(100);
});

it('SWAP while the quote is being made says so and is disabled', async () => {
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  sell().focus();
  await userEvent.paste('10');
  expect(screen.getByRole('button', { name: 'Updating quote...' })).toBeDisabled();
  expect(await screen.findByRole('button', { name: 'SWAP' })).toBeEnabled();
});

it('an old quote is made again at SWAP; a worse one is shown and asks for another press', async () => {
  const pools = reserves.map((r) => ({ ...r }));
  api = fakeSwapApi(tron, pools, { TRX: 500n * 10n ** 6n, JM: 0n });
  provideSwapApi(api);
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  const shown = receive().getAttribute('value');
  const quotedOut = () =>
    BigInt(document.querySelector('[data-remote="swap"]')!.getAttribute('data-quote-out')!);
  const first = quotedOut();
  pools[0]!.reserveB = pools[0]!.reserveB / 2n; // JM got dearer since the quote
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 16_000); // past the 15 s refresh
  try {
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    expect(await screen.findByText(/The price moved/)).toBeVisible();
    expect(api.swaps).toHaveLength(0);
    expect(receive()).not.toHaveValue(shown);
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(api.swaps).toHaveLength(1);
    expect(api.swaps[0]!.amountOut).toBeLessThan(first); // the new quote the user saw, not the old one
  } finally {
    clock.mockRestore();
  }
});

it('a quote over reserves read 20 s ago (a kept snapshot) is made again at SWAP from fresh ones', async () => {
  api = fakeSwapApi(tron, reserves, { TRX: 500n * 10n ** 6n, JM: 0n });
  const quote = api.quote;
  const asked: Array<boolean | undefined> = [];
  api.quote = async (request) => {
    asked.push(request.fresh);
    const made = await quote(request);
    return made && { ...made, readAt: request.fresh ? Date.now() : Date.now() - 20_000 };
  };
  provideSwapApi(api);
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  expect(asked.every((fresh) => fresh !== true)).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
  expect(asked[asked.length - 1]).toBe(true);
  expect(api.swaps).toHaveLength(1);
});

it('MAX keeps the real gas cost of the base coin and leaves no dust of an 18-decimal token', async () => {
  const bsc = file.networks.BSC;
  const pool = {
    symbolA: 'BNB',
    symbolB: 'USDT',
    reserveA: 1000n * 10n ** 18n,
    reserveB: 600_000n * 10n ** 18n,
  };
  const balances = { BNB: 2n * 10n ** 18n, USDT: 1_234_567_890_123_456_789n };
  const bscApi = fakeSwapApi(bsc, [pool], balances, '0xME');
  const asked: string[][] = [];
  bscApi.gasReserve = async (_n, _owner, path) => {
    asked.push(path);
    return 3n * 10n ** 15n;
  };
  provideSwapApi(bscApi);
  act(() => session$.next({ connected: true, address: '0xME', name: 'MetaMask', balance: 0n }));
  render(<SwapPanel network="BSC" query={{}} />);
  await userEvent.click(await screen.findByRole('button', { name: 'MAX' }));
  await waitFor(() => expect(sell()).toHaveValue('1.997'));
  expect(asked).toEqual([['BNB', 'USDT']]);
  await userEvent.click(screen.getByRole('button', { name: 'Switch direction' }));
  await userEvent.click(screen.getByRole('button', { name: 'MAX' }));
  await waitFor(() => expect(sell()).toHaveValue('1.234567890123456789'));
});

describe('the receive field in the widget', () => {
  const typedJm = 1_000n * 10n ** 8n; // "1000" JM
  const neededTrx = () =>
    estimateAmountNeeded({
      tokens: tron.tokens,
      pools: reserves,
      from: 'TRX',
      to: 'JM',
      amountOut: typedJm,
      slippageBps: 1000,
    })!;
  const swapFromReceive = async (widgetOptions?: { launchPad?: boolean }) => {
    setSlippageBps(1000); // the widget host's launchPad slippage (shell/src/widget options)
    connect();
    render(<SwapPanel network="TRON" query={{}} widget widgetOptions={widgetOptions} />);
    await userEvent.type(receive(), '1000');
    await waitFor(() => expect(sell()).not.toHaveValue(''));
  };

  it('launchPad: shows the amount needed, sends an exact-in buy bounded by Minimum received', async () => {
    await swapFromReceive({ launchPad: true });
    const { amountIn } = neededTrx();
    expect(sell()).toHaveValue(formatAmount(amountIn, 6));
    expect(screen.getByText('Minimum received')).toBeInTheDocument();
    expect(screen.queryByText('Maximum sold')).toBeNull();
    expect(screen.getByTestId('bound')).toHaveTextContent('900 JM');
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(api.swaps[0]).toMatchObject({
      kind: 'exactIn',
      amountIn,
      bound: (typedJm * 9_000n) / 10_000n,
      path: ['TRX', 'JM'],
    });
    expect(api.swaps[0]!.source).toMatchObject({ kind: 'exactIn', amountIn });
  });

  it('without launchPad: the same typing sends an exact-out swap bounded by Maximum sold', async () => {
    await swapFromReceive({});
    const { amountIn, maximumSold } = neededTrx();
    expect(sell()).toHaveValue(formatAmount(amountIn, 6));
    expect(screen.getByText('Maximum sold')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(api.swaps[0]).toMatchObject({
      kind: 'exactOut',
      amountOut: typedJm,
      bound: maximumSold,
    });
  });

  it.each<[{ launchPad?: boolean }, number]>([
    [{ launchPad: true }, 2],
    [{}, 1],
  ])(
    'SWAP re-makes a quote older than 8 s in launchPad mode only (%j)',
    async (options, quotes) => {
      await swapFromReceive(options);
      expect(api.quotes).toBe(1);
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 9_000);
      try {
        await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
        await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
      } finally {
        clock.mockRestore();
      }
      expect(api.quotes).toBe(quotes);
      expect(api.swaps[0]!.kind).toBe(options.launchPad ? 'exactIn' : 'exactOut');
    },
  );
});

describe('from the moment the wallet sends', () => {
  const release = () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    return { gate, open };
  };

  it('opens FUNDS ON THE WAY at the id ("Confirming…"), then says Confirmed with what arrived and the fee', async () => {
    const chain = release();
    api.chainOpen = chain.gate;
    api.mined = { received: 95_123_456_78n, fee: 1_234_567n };
    connect();
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    const popup = await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    expect(popup).toHaveAttribute('data-status', 'confirming');
    expect(screen.getByTestId('send-status')).toHaveTextContent('Confirming…');
    expect(screen.getByTestId('txid')).toHaveAttribute('href', `${tron.scan}${'ab'.repeat(32)}`);
    // the overlay gave way to the popup at the id, before the receipt
    expect(events.filter((e) => e.type === 'loading').at(-1)).toMatchObject({ on: false });
    expect(screen.queryByTestId('arrived')).toBeNull();

    await act(async () => chain.open());
    await waitFor(() => expect(popup).toHaveAttribute('data-status', 'confirmed'));
    expect(screen.getByTestId('send-status')).toHaveTextContent('Confirmed');
    expect(screen.getByTestId('arrived')).toHaveTextContent('95.12345678 JM');
    expect(screen.getByTestId('send-fee')).toHaveTextContent('Network fee: 1.234567 TRX');
    expect(popup).not.toHaveTextContent('being confirmed on-chain');
  });

  it('a swap mined and failed shows Failed with the reason and the fee, and no toast on top', async () => {
    const failure = Object.assign(new Error('Swap failed'), {});
    const { withMinedFailure } = await import('@jmswap/shared-chain');
    api.minedFail = withMinedFailure(failure, {
      txid: 'ab'.repeat(32),
      fee: 2_000_000n,
      reason: 'JMSwap: EXPIRED',
      text: 'This swap failed on chain: its deadline has passed. Try again.',
    });
    connect();
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    const popup = await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    await waitFor(() => expect(popup).toHaveAttribute('data-status', 'failed'));
    expect(screen.getByTestId('send-status')).toHaveTextContent('Failed');
    expect(screen.getByTestId('send-failure')).toHaveTextContent('its deadline has passed');
    expect(screen.getByTestId('send-fee')).toHaveTextContent('Network fee: 2 TRX');
    expect(screen.queryByTestId('sent')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('closed while confirming: the outcome comes as a toast, the popup stays closed', async () => {
    const chain = release();
    api.chainOpen = chain.gate;
    connect();
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
    await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await act(async () => chain.open());
    await waitFor(() => expect(toasts().at(-1)).toMatch(/^Swap confirmed: .* JM received\.$/));
    expect(screen.queryByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeNull();
  });

  it("says when the confirmation takes longer than the network's usual time", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const chain = release();
      api.chainOpen = chain.gate;
      connect();
      render(<SwapPanel network="TRON" query={{}} />);
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      await user.type(sell(), '10');
      await act(async () => jest.advanceTimersByTime(500));
      await waitFor(() => expect(receive()).not.toHaveValue(''));
      await user.click(screen.getByRole('button', { name: 'SWAP' }));
      await screen.findByRole('dialog', { name: 'FUNDS ON THE WAY' });
      expect(screen.queryByTestId('send-slow')).toBeNull();
      await act(async () => jest.advanceTimersByTime(10_500));
      expect(screen.getByTestId('send-slow')).toHaveTextContent(
        'This is taking longer than usual on TRON (about 10 s).',
      );
      // TRON has no Speed up (a TRON transaction expires instead)
      expect(screen.queryByRole('button', { name: 'Speed up' })).toBeNull();
      await act(async () => chain.open());
      await waitFor(() => expect(screen.queryByTestId('send-slow')).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });
});

it('the transaction deadline: 1 to 180 minutes in the settings, shown in the swap details', async () => {
  const { getDeadlineMinutes, setDeadlineMinutes } = await import('@jmswap/shared-chain');
  setDeadlineMinutes(5);
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.type(sell(), '10');
  expect(await screen.findByTestId('deadline')).toHaveTextContent('5 min');
  await userEvent.click(screen.getByRole('button', { name: /^Slippage / }));
  const field = screen.getByRole('textbox', { name: 'Transaction deadline (minutes)' });
  expect(field).toHaveValue('5');
  await userEvent.clear(field);
  await userEvent.type(field, '0');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Enter a deadline between 1 and 180 minutes.',
  );
  expect(getDeadlineMinutes()).toBe(5);
  // 181 is refused: what applies is the last valid value typed on the way (18)
  await userEvent.clear(field);
  await userEvent.type(field, '181');
  expect(screen.getByRole('alert')).toBeInTheDocument();
  expect(getDeadlineMinutes()).toBe(18);
  fireEvent.blur(field);
  expect(field).toHaveValue('18');
  await userEvent.clear(field);
  await userEvent.type(field, '20');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(getDeadlineMinutes()).toBe(20);
  expect(screen.getByTestId('deadline')).toHaveTextContent('20 min');
  expect(localStorage.getItem('JMSWAP_DEADLINE_MINUTES')).toBe('20');
  act(() => void setDeadlineMinutes(5));
});

describe('dollar values', () => {
  const info = (tokens: Record<string, { priceUsd: number | null }>) => ({
    updatedAt: 1,
    networks: { TRON: { pairs: [], tokens } },
  });
  let fetchMock: jest.Mock;
  beforeEach(async () => {
    const { resetUsdPricesForTests } = await import('@jmswap/shared-chain/history');
    resetUsdPricesForTests();
    tron.api.url = 'http://api.test';
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    tron.api.url = '';
  });

  it("shows each amount's value and the price impact's from the api's prices", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(info({ TRX: { priceUsd: 0.1 }, JM: { priceUsd: 0.00098 } }))),
    );
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '1000');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    expect(await screen.findByTestId('usd-Tokens to swap')).toHaveTextContent('≈ $100.00');
    // the estimate's JM at 0.00098 USD each, to the cent
    const amountOut = Number(receive().getAttribute('value'));
    expect(screen.getByTestId('usd-Estimate')).toHaveTextContent(
      `≈ $${(Math.round(amountOut * 0.098) / 100).toFixed(2)}`,
    );
    // beside it, what the JM are worth against the $100 of TRX: the pool's fee, the impact and
    // JM's tax, at the api's prices
    const difference = ((amountOut * 0.00098 - 100) / 100) * 100;
    expect(difference).toBeLessThan(-3);
    const shown = screen.getByTestId('usd-difference').textContent ?? '';
    expect(shown).toMatch(/^\(-\d+\.\d\d%\)$/);
    expect(Math.abs(parseFloat(shown.slice(1)) - difference)).toBeLessThan(0.011);
    expect(screen.getByTestId('usd-difference')).not.toHaveClass('jm-impact-danger');
    // impact 0.1% of $100
    const impact = screen.getByTestId('price-impact').textContent ?? '';
    const bps = Math.round(parseFloat(impact) * 100);
    expect(screen.getByTestId('price-impact-usd')).toHaveTextContent(
      `(-$${(bps / 100).toFixed(2)})`,
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/v1/info');
  });

  it('an impact shown as 0.00% has no dollar figure beside it, not "(-$0.00)"', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(info({ TRX: { priceUsd: 0.1 }, JM: { priceUsd: 0.00098 } }))),
    );
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '1');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    expect(await screen.findByTestId('usd-Tokens to swap')).toHaveTextContent('≈ $0.10');
    expect(screen.getByTestId('price-impact')).toHaveTextContent(/^0\.00%$/);
    expect(screen.queryByTestId('price-impact-usd')).toBeNull();
  });

  it('a token without a price gets no dollar line; the other keeps its own', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(info({ TRX: { priceUsd: 0.1 }, JM: { priceUsd: null } }))),
    );
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    expect(await screen.findByTestId('usd-Tokens to swap')).toHaveTextContent('≈ $1.00');
    expect(screen.queryByTestId('usd-Estimate')).toBeNull();
  });

  it('the api away: no dollar line at all, never a guess', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SwapPanel network="TRON" query={{}} />);
    await userEvent.type(sell(), '10');
    await waitFor(() => expect(receive()).not.toHaveValue(''));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('usd-Tokens to swap')).toBeNull();
    expect(screen.queryByTestId('price-impact-usd')).toBeNull();
    spy.mockRestore();
  });
});

it('TRON fee rule, variant 2: one 10 s toast whose message carries the buy-energy link', async () => {
  api = fakeSwapApi(tron, reserves, { TRX: 10n * 10n ** 6n, JM: 10_000n * 10n ** 8n });
  api.energy = async () => 0n;
  provideSwapApi(api);
  connect();
  render(<SwapPanel network="TRON" query={{}} />);
  await userEvent.click(screen.getByRole('button', { name: 'Switch direction' }));
  await userEvent.type(sell(), '100');
  await waitFor(() => expect(receive()).not.toHaveValue(''));
  await waitFor(() =>
    expect(screen.getByTestId('balance-Tokens to swap')).toHaveTextContent('10000'),
  );
  await userEvent.click(screen.getByRole('button', { name: 'SWAP' }));
  const fee = events.filter((e) => e.type === 'toast');
  // one message (the list repeats it once per subscriber this file's tests left open)
  expect(new Set(fee.map((e) => JSON.stringify(e))).size).toBe(1);
  expect(toasts().some((text) => text.includes('https://'))).toBe(false);
  expect(fee[0]).toMatchObject({
    kind: 'error',
    text: 'You should have free energy or at least 47 TRX for the fees.',
    durationMs: 10_000,
    link: { href: 'https://tronenergy.market', label: 'Buy energy at a discount' },
  });
  expect(api.swaps).toHaveLength(0);
});
