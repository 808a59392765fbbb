import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  appEvents$,
  parseNetworksFile,
  session$,
  setNetworks,
  setSlippageBps,
  withPendingTransaction,
  type AppEvent,
} from '@jmswap/shared-chain';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import { LiquidityPanel } from './LiquidityPanel';
import { provideLiquidityApi } from './liquidityApi';
import { fakeLiquidityApi, type FakePool } from './testing/fakeLiquidityApi';

const file = parseNetworksFile(production);
for (const n of Object.values(file.networks))
  Object.assign(n.exchange, { ROUTER_ADDRESS: 'ROUTER', LIQUIDITY_ROUTER: 'LIQUIDITY_ROUTER' });
const E6 = 10n ** 6n;
const E8 = 10n ** 8n;
const E18 = 10n ** 18n;
// 1 TRX = 10 JM.
const TRX_JM: FakePool = {
  symbolA: 'TRX',
  symbolB: 'JM',
  reserveA: 1_000_000n * E6,
  reserveB: 10_000_000n * E8,
  totalSupply: 1_000n * E18,
};
const TRX_SAFEMONEY: FakePool = { ...TRX_JM, symbolB: 'SafeMoney' };
const position: UserPosition = {
  pair: 'pair-TRX-JM',
  symbolA: 'TRX',
  symbolB: 'JM',
  valueA: 10_000n * E6,
  valueB: 100_000n * E8,
  totalLiquidity: 1_000n * E18,
  userLiquidity: 10n * E18,
  userShareBps: 100n,
};

let events: AppEvent[] = [];
beforeAll(() => setNetworks(file));
beforeEach(() => {
  events = [];
  appEvents$.subscribe((e) => events.push(e));
  session$.next({ connected: false });
  setSlippageBps(500);
});
const toasts = () => events.flatMap((e) => (e.type === 'toast' ? [e.text] : []));
/** Lets the panel's reads (the fake answers at once) land inside act, as they would on screen. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
const connect = async () => {
  act(() => session$.next({ connected: true, address: 'TXYZ', name: 'TronLink' }));
  await settle();
};
async function setup(
  options: Partial<Parameters<typeof fakeLiquidityApi>[0]> = {},
  network = 'TRON',
) {
  const fake = fakeLiquidityApi({
    pools: [TRX_JM, TRX_SAFEMONEY],
    balances: { TRX: 1_000n * E6, JM: 5_000n * E8, SafeMoney: 5_000n * E8 },
    positions: [position],
    energy: 0n,
    ...options,
  });
  provideLiquidityApi(fake.api);
  render(<LiquidityPanel network={network as 'TRON'} query={{}} />);
  await settle();
  return fake;
}
const first = () => screen.getByRole('textbox', { name: 'Tokens to swap' });
const second = () => screen.getByRole('textbox', { name: 'Estimate' });
const openAdd = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'ADD LIQUIDITY' }));
  await waitFor(() => expect(screen.getByTestId('price-a-in-b')).not.toHaveTextContent('-'));
};

/** Opens a side's token picker and picks the option whose name matches. */
async function choose(side: string, option: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${side}: `) }));
  // The picker is its own chunk: its rows come once it has loaded.
  await userEvent.click((await screen.findAllByRole('option', { name: option }))[0]!);
}

it("the add's pair goes into the page's link while the add is open, and out of it on Back", async () => {
  const fake = fakeLiquidityApi({ pools: [TRX_JM], balances: {}, positions: [] });
  provideLiquidityApi(fake.api);
  const setQuery = jest.fn();
  render(<LiquidityPanel network="TRON" query={{}} setQuery={setQuery} />);
  await settle();
  await connect();
  expect(setQuery).not.toHaveBeenCalled();
  await userEvent.click(await screen.findByRole('button', { name: 'ADD LIQUIDITY' }));
  expect(setQuery).toHaveBeenLastCalledWith({ from: 'TRX', to: 'JM' }, { replace: true });
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(setQuery).toHaveBeenLastCalledWith({ from: undefined, to: undefined }, { replace: true });
});

describe('step 1, LIQUIDITY', () => {
  it('without a wallet: CONNECT WALLET and "Wallet not connected"', async () => {
    await setup();
    expect(screen.getByText('Wallet not connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeInTheDocument();
  });

  it('lists every position with amounts, pool tokens, share to 2 decimals and a chart link', async () => {
    await setup();
    await connect();
    const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
    expect(item).toHaveTextContent('10000');
    expect(item).toHaveTextContent('100000');
    expect(within(item).getByTestId('pool-tokens')).toHaveTextContent('10');
    expect(item).toHaveTextContent('1.00%');
    expect(within(item).getByRole('link', { name: 'Chart' })).toHaveAttribute(
      'href',
      '/charts?n=TRON&symbolA=TRX&symbolB=JM',
    );
    // The two token icons, beside the pair's name: not read out again.
    expect(item.querySelectorAll('img')).toHaveLength(2);
    expect(within(item).queryAllByRole('img')).toHaveLength(0);
  });

  it('a position below 0.01% of its pool shows "<0.01%", not a share of nothing', async () => {
    const small = { ...position, userLiquidity: E18 / 1000n, userShareBps: 0n };
    await setup({ positions: [small] });
    await connect();
    const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
    expect(item).toHaveTextContent('Pool share<0.01%');
  });

  it('a token amount below the 6 decimals shown reads as a tiny amount, not "0"', async () => {
    await setup({ positions: [{ ...position, valueB: 1n }] }); // 0.00000001 JM
    await connect();
    const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
    expect(item).toHaveTextContent('JM0.0₇1Pool tokens');
  });

  it('a node outage says the positions may be out of date; once it is over they are read again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const positions = [position];
      const fake = await setup({ positions });
      await connect();
      const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
      expect(item).toHaveTextContent('TRX10000');
      const reads = fake.positionReads();
      // The panel's 12 s read of a pool finds no node.
      fake.node.pair = 'none';
      await act(async () => void jest.advanceTimersByTime(12_000));
      expect(
        await screen.findByText('Network unreachable: these figures may be out of date.'),
      ).toBeVisible();
      // The pool traded meanwhile; the node answers again.
      positions[0] = { ...position, valueA: 12_000n * E6 };
      fake.node.pair = 'ok';
      await act(async () => void jest.advanceTimersByTime(12_000));
      await waitFor(() => expect(item).toHaveTextContent('TRX12000'));
      expect(screen.queryByText(/Network unreachable/)).toBeNull();
      expect(fake.positionReads()).toBe(reads + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('"No liquidity" when the wallet has no position; no chart link on ETH', async () => {
    await setup({ positions: [] });
    await connect();
    expect(await screen.findByText('No liquidity')).toBeInTheDocument();
  });

  it.each([
    ['ETH', 'ETH', 'USDT'],
    ['BTTC', 'BTT', 'TRX'],
  ] as const)(
    '%s positions have no chart link (the charts page has no such pair)',
    async (id, a, b) => {
      await setup({ positions: [{ ...position, symbolA: a, symbolB: b }] }, id);
      await connect();
      const item = await screen.findByRole('listitem', { name: `${a}/${b} pool` });
      expect(within(item).queryByRole('link')).toBeNull();
    },
  );
});

describe('step 2, ADD LIQUIDITY', () => {
  it('estimates the other amount from the reserves either way, with prices and share', async () => {
    await setup();
    await connect();
    await openAdd();
    await userEvent.type(first(), '100');
    expect(second()).toHaveValue('1000');
    expect(screen.getByTestId('price-a-in-b')).toHaveTextContent('10.00000000');
    expect(screen.getByTestId('price-b-in-a')).toHaveTextContent('0.10000000');
    expect(screen.getByTestId('share')).toHaveTextContent('<0.01%'); // 100 of 1,000,000 TRX
    expect(screen.getByTestId('lp-to-receive')).toHaveAttribute('data-value', `${E18 / 10n}`);
    await userEvent.clear(second());
    await userEvent.type(second(), '50000');
    expect(first()).toHaveValue('5000');
    expect(screen.getByTestId('share')).toHaveTextContent('0.49%');
    // The user's matching pool is shown under the form.
    expect(screen.getByRole('list', { name: 'Your pool' })).toBeInTheDocument();
  });

  it("choosing the other side's token switches the sides", async () => {
    await setup();
    await connect();
    await openAdd();
    await choose('Tokens to swap token', /^JM/);
    expect(screen.getByRole('button', { name: 'Tokens to swap token: JM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Estimate token: TRX' })).toBeInTheDocument();
  });

  it('MAX keeps the TRON fee reserve (47 TRX without free energy) on the base coin', async () => {
    await setup();
    await connect();
    await openAdd();
    const [maxA, maxB] = screen.getAllByRole('button', { name: 'MAX' });
    await userEvent.click(maxA!);
    expect(first()).toHaveValue('953');
    await userEvent.click(maxB!);
    expect(second()).toHaveValue('5000');
  });

  it('MAX on BSC keeps 0.01 BNB for gas', async () => {
    await setup(
      { pools: [{ ...TRX_JM, symbolA: 'BNB', symbolB: 'USDT' }], balances: { BNB: 2n * E18 } },
      'BSC',
    );
    await connect();
    await openAdd();
    await userEvent.click(screen.getAllByRole('button', { name: 'MAX' })[0]!);
    expect(first()).toHaveValue('1.99');
  });

  it('the estimated amount shows at most 12 decimals, as the swap box does; SUPPLY sends it exactly', async () => {
    // 3 BNB against 1 590.370370370370370371 USDT (18 decimals each): 1 BNB is 530.12345... USDT
    const pool = {
      symbolA: 'BNB',
      symbolB: 'USDT',
      reserveA: 3n * E18,
      reserveB: 1_590_370_370_370_370_370_371n,
      totalSupply: 10n * E18,
    };
    const fake = await setup(
      { pools: [pool], balances: { BNB: 10n * E18, USDT: 10_000n * E18 } },
      'BSC',
    );
    await connect();
    await openAdd();
    await userEvent.type(first(), '1');
    expect(second()).toHaveValue('530.123456790123');
    // The 1 BNB typed leaves the wallet whole, not 0.999999999999999999.
    expect(screen.getByTestId('deposit')).toHaveTextContent(/^1 BNB \+ 530\.123456790123 USDT$/);
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(fake.adds).toHaveLength(1));
    // At the pool's ratio rounded up, so that the router takes the typed 1 BNB whole.
    expect(fake.adds[0]!.amountB).toBe((E18 * pool.reserveB + pool.reserveA - 1n) / pool.reserveA);
    expect(fake.adds[0]!.amountB).toBe(530_123_456_790_123_456_791n);
    expect(fake.adds[0]!.amountA).toBe(E18);
  });

  it('MAX on BTTC keeps what the add costs in gas (the estimate), not 0.01 BTT', async () => {
    await setup(
      {
        pools: [{ ...TRX_JM, symbolA: 'BTT', symbolB: 'TRX' }],
        balances: { BTT: 1000n * E18 },
        gasReserve: 450n * E18,
      },
      'BTTC',
    );
    await connect();
    await openAdd();
    // BTTC's default pair is TRX (a token there) then BTT, the base coin.
    await userEvent.click(screen.getAllByRole('button', { name: 'MAX' })[1]!);
    await waitFor(() => expect(second()).toHaveValue('550'));
  });

  it.each([
    ['abc', ''],
    ['-1', ''],
    ['1.2.3', ''],
    ['1e5', ''],
  ])('bad input %s resets the form', async (text, shown) => {
    await setup();
    await connect();
    await openAdd();
    await userEvent.type(first(), '5');
    fireEvent.change(first(), { target: { value: text } });
    expect(first()).toHaveValue(shown);
    expect(second()).toHaveValue('');
  });

  it('more decimals than the token has are refused with a message', async () => {
    await setup();
    await connect();
    await openAdd();
    await userEvent.type(first(), '1.1234567');
    expect(first()).toHaveValue('1.123456');
    expect(screen.getByRole('alert')).toHaveTextContent('TRX has at most 6 decimals');
  });

  it.each([
    ['', 'You need to input the values first'],
    ['.', 'You need to input the values first'],
    ['2000', 'Insufficient balance'],
  ])('SUPPLY with "%s" says "%s" and sends nothing', async (text, message) => {
    const fake = await setup({ energy: 10_000_000n });
    await connect();
    await openAdd();
    if (text) await userEvent.type(first(), text);
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    expect(toasts()).toContain(message);
    expect(fake.adds).toHaveLength(0);
  });

  it('an amount beyond the balance says so under the amounts, with no simulation to wait for', async () => {
    await setup({ energy: 10_000_000n });
    await connect();
    await openAdd();
    await userEvent.type(first(), '2000'); // 1 000 TRX in the wallet
    expect(await screen.findByTestId('balance-short')).toHaveTextContent('Insufficient balance');
    expect(screen.queryByText(/^Simulated|simulated once/)).toBeNull();
    await userEvent.clear(first());
    await userEvent.type(first(), '10');
    await waitFor(() => expect(screen.queryByTestId('balance-short')).toBeNull());
  });

  it('SUPPLY beyond the token balance says "Insufficient balance of selected token"', async () => {
    const fake = await setup({ energy: 10_000_000n });
    await connect();
    await openAdd();
    await userEvent.type(second(), '6000');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    expect(toasts()).toContain('Insufficient balance of selected token');
    expect(fake.adds).toHaveLength(0);
  });

  it('SUPPLY before the balances are read reads them then: no "Insufficient balance" for funds held', async () => {
    const fake = await setup({ energy: 10_000_000n });
    fake.node.balances = 'hang';
    await connect();
    await openAdd();
    // Not read yet: "-", never a 0 that says the wallet is empty.
    const shown = screen.getAllByTestId(/^balance-/).map((b) => b.textContent);
    expect(shown).toEqual(['-', '-']);
    await userEvent.type(first(), '100');
    fake.node.balances = 'ok'; // the node answers the press's own read
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(toasts()).toContain('Liquidity added'));
    expect(toasts().filter((t) => t.startsWith('Insufficient'))).toEqual([]);
    expect(fake.adds).toHaveLength(1);
  });

  it('TRON: a wallet with staked energy and little TRX is not sent for TRX while its energy is read', async () => {
    const fake = await setup({
      energy: 10_000_000n,
      balances: { TRX: 20n * E6, JM: 5_000n * E8 },
    });
    fake.node.energy = 'hang';
    await connect();
    await openAdd();
    await userEvent.type(first(), '10');
    fake.node.energy = 'ok'; // the node answers the press's own read
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(toasts()).toContain('Liquidity added'));
    expect(fake.adds).toHaveLength(1);
  });

  it('SUPPLY or MAX with no node answering says so, and works once one does', async () => {
    const fake = await setup({ energy: 10_000_000n });
    fake.node.balances = 'none';
    await connect();
    await openAdd();
    const unread = 'Your balance could not be read. Check your connection, then try again.';
    await userEvent.click(screen.getAllByRole('button', { name: 'MAX' })[1]!);
    await waitFor(() => expect(toasts()).toContain(unread));
    expect(second()).toHaveValue('');
    await userEvent.type(first(), '100');
    events = [];
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(toasts()).toContain(unread));
    expect(fake.adds).toHaveLength(0);
    fake.node.balances = 'ok';
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(toasts()).toContain('Liquidity added'));
    expect(fake.adds).toHaveLength(1);
  });

  it('TRON without free energy: SUPPLY keeps the 47 TRX fee reserve', async () => {
    const fake = await setup({ balances: { TRX: 1_000n * E6, JM: 100_000n * E8 } });
    await connect();
    await openAdd();
    await userEvent.type(first(), '960');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    expect(toasts().join()).toContain('Try to leave at least 47 TRX for the fees.');
    expect(fake.adds).toHaveLength(0);
  });

  it('SUPPLY sends the planned amounts with the slippage minimums, toasts, and goes back to step 1', async () => {
    const fake = await setup({ energy: 10_000_000n });
    await connect();
    await openAdd();
    await userEvent.type(first(), '100');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(toasts()).toContain('Liquidity added'));
    expect(fake.adds[0]).toMatchObject({
      symbolA: 'TRX',
      symbolB: 'JM',
      amountA: 100n * E6,
      amountB: 1_000n * E8,
      minA: 95n * E6,
      minB: 950n * E8,
    });
    expect(await screen.findByRole('heading', { name: 'LIQUIDITY' })).toBeInTheDocument();
    // The old position is not offered while the chain settles; it comes back reloaded 1 s later.
    expect(screen.getByText('Loading your liquidity...')).toBeInTheDocument();
    expect(
      await screen.findByRole('listitem', { name: 'TRX/JM pool' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('the popup opens at the id ("Confirming…"), then says Confirmed with what was deposited and the pool tokens', async () => {
    let mine = () => undefined as void;
    const chainOpen = new Promise<void>((r) => (mine = r));
    await setup({
      energy: 10_000_000n,
      chainOpen,
      mined: {
        amountA: 100n * E6,
        amountB: (999_5n * E8) / 10n,
        lpTokens: 123n * 10n ** 15n,
        fee: 1_500_000n,
      },
    });
    await connect();
    await openAdd();
    await userEvent.type(first(), '100');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    const popup = await screen.findByRole('dialog', { name: 'ADDING LIQUIDITY' });
    expect(popup).toHaveAttribute('data-status', 'confirming');
    expect(within(popup).getByTestId('send-status')).toHaveTextContent('Confirming…');
    expect(within(popup).getByTestId('liquidity-amounts')).toHaveTextContent(
      'You deposit: 100 TRX + 1000 JM',
    );
    expect(toasts()).not.toContain('Liquidity added');
    await act(async () => mine());
    await waitFor(() => expect(popup).toHaveAttribute('data-status', 'confirmed'));
    expect(within(popup).getByTestId('liquidity-amounts')).toHaveTextContent(
      'Deposited: 100 TRX + 999.5 JM',
    );
    expect(within(popup).getByTestId('liquidity-lp')).toHaveTextContent(
      'Pool tokens received: 0.123',
    );
    expect(within(popup).getByTestId('send-fee')).toHaveTextContent('Network fee: 1.5 TRX');
    expect(toasts()).toContain('Liquidity added');
  });

  it('an add mined and failed: Failed with the reason and the fee, no success', async () => {
    const { withMinedFailure, ChainError } = await import('@jmswap/shared-chain');
    await setup({
      energy: 10_000_000n,
      minedFail: withMinedFailure(new ChainError('TRANSACTION_FAILED', 'Error adding liquidity'), {
        txid: '0xadd',
        fee: 2_000_000n,
        text: 'Adding this liquidity failed on chain: the price moved beyond your slippage. Try again or raise slippage.',
      }),
    });
    await connect();
    await openAdd();
    await userEvent.type(first(), '100');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    const popup = await screen.findByRole('dialog', { name: 'ADDING LIQUIDITY' });
    await waitFor(() => expect(popup).toHaveAttribute('data-status', 'failed'));
    expect(within(popup).getByTestId('send-failure')).toHaveTextContent(
      'the price moved beyond your slippage',
    );
    expect(within(popup).getByTestId('send-fee')).toHaveTextContent('Network fee: 2 TRX');
    expect(toasts()).not.toContain('Liquidity added');
    await userEvent.click(within(popup).getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByRole('dialog', { name: 'ADDING LIQUIDITY' })).toBeNull();
  });

  it('SUPPLY stays disabled while another send of this account is open', async () => {
    await setup({ energy: 10_000_000n });
    await connect();
    await openAdd();
    let finish = () => undefined as void;
    let open: Promise<void> = Promise.resolve();
    act(() => {
      open = withPendingTransaction('TXYZ', () => new Promise<void>((r) => (finish = r)));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'SUPPLY' })).toBeDisabled());
    await act(async () => {
      finish();
      await open;
    });
    expect(screen.getByRole('button', { name: 'SUPPLY' })).toBeEnabled();
  });

  it('a rejection in the wallet shows "Error adding liquidity" and says nothing was sent', async () => {
    await setup({
      energy: 10_000_000n,
      fail: Object.assign(new Error('User rejected'), { code: 4001 }),
    });
    await connect();
    await openAdd();
    await userEvent.type(first(), '100');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() =>
      expect(toasts().join()).toContain(
        'Error adding liquidity: you rejected the request in your wallet. Nothing was sent.',
      ),
    );
    // The step's heading is its name alone (the back arrow beside it is a button of its own).
    expect(screen.getByRole('heading', { name: 'ADD LIQUIDITY' })).toBeInTheDocument();
  });

  it('JM through the liquidity router is tax-free; SafeMoney shows what reaches the pool', async () => {
    await setup();
    await connect();
    await openAdd();
    expect(screen.getByRole('note')).toHaveTextContent(
      'JM (3% tax): adding and removing liquidity is tax-free.',
    );
    await choose('Estimate token', /^SafeMoney/);
    await userEvent.type(second(), '1000');
    expect(screen.getByTestId('tax-SafeMoney')).toHaveTextContent(
      'The SafeMoney tax of 10% applies to liquidity on every transfer: 900 SafeMoney reaches the pool.',
    );
  });
});

it('a link naming a token this browser does not know opens ADD LIQUIDITY with its import offered, once', async () => {
  const unknown = 'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR';
  provideLiquidityApi(
    fakeLiquidityApi({
      pools: [TRX_JM],
      balances: {},
      positions: [position],
      energy: 0n,
    }).api,
  );
  render(<LiquidityPanel network="TRON" query={{ from: 'TRX', to: unknown }} />);
  const dialog = await screen.findByRole('dialog', { name: 'Select a token to provide' });
  expect(within(dialog).getByRole('combobox', { name: 'Search tokens' })).toHaveValue(unknown);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  // Not imported: the add keeps the linked side and the network's other default.
  expect(screen.getByRole('button', { name: 'Tokens to swap token: TRX' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Estimate token: JM' })).toBeInTheDocument();
  // Back to the positions and into the add again: no picker opens by itself.
  await connect();
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  await userEvent.click(await screen.findByRole('button', { name: 'ADD LIQUIDITY' }));
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('while the wallet of the last visit is asked again, the panel waits for it', async () => {
  await setup();
  act(() => session$.next({ connected: false, restoring: true }));
  expect(screen.getByRole('button', { name: 'Connecting wallet…' })).toBeDisabled();
  expect(screen.getByText('Connecting wallet…', { selector: 'p' })).toBeVisible();
  expect(screen.queryByText('Wallet not connected')).toBeNull();
  act(() => session$.next({ connected: false }));
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeEnabled();
  expect(screen.getByText('Wallet not connected')).toBeVisible();
});

it('a network change resets the form and the positions', async () => {
  const fake = fakeLiquidityApi({ pools: [TRX_JM], balances: {}, positions: [position] });
  provideLiquidityApi(fake.api);
  const { rerender } = render(<LiquidityPanel network="TRON" query={{}} />);
  await connect();
  await openAdd();
  await userEvent.type(first(), '100');
  rerender(<LiquidityPanel network="BSC" query={{}} />);
  expect(await screen.findByRole('heading', { name: 'LIQUIDITY' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'ADD LIQUIDITY' }));
  expect(first()).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Tokens to swap token: BNB' })).toBeInTheDocument();
});

describe('first provider', () => {
  it('no reserves: the ratio note, price from the amounts, share 100%, both amounts free', async () => {
    const fake = await setup({ pools: [], energy: 10_000_000n });
    await connect();
    await userEvent.click(await screen.findByRole('button', { name: 'ADD LIQUIDITY' }));
    expect(await screen.findByText(/You are the first liquidity provider/)).toBeInTheDocument();
    await userEvent.type(first(), '100');
    expect(second()).toHaveValue('');
    await userEvent.type(second(), '400');
    expect(first()).toHaveValue('100');
    expect(screen.getByTestId('price-a-in-b')).toHaveTextContent('4.00000000');
    expect(screen.getByTestId('share')).toHaveTextContent('100.00%');
    await userEvent.click(screen.getByRole('button', { name: 'SUPPLY' }));
    await waitFor(() => expect(fake.adds).toHaveLength(1));
    expect(fake.adds[0]).toMatchObject({ amountA: 100n * E6, amountB: 400n * E8 });
  });
});

describe('step 3, REMOVE LIQUIDITY', () => {
  it('opens at 100% from a pool item; 25% shows a quarter; REMOVE LIQUIDITY sends it', async () => {
    const fake = await setup();
    await connect();
    const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
    await userEvent.click(within(item).getByRole('button', { name: 'REMOVE LIQUIDITY TRX/JM' }));
    expect(screen.getByRole('heading', { name: 'REMOVE LIQUIDITY' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByTestId('percent')).toHaveTextContent('100%');
    await waitFor(() => expect(screen.getByTestId('receive-a')).toHaveTextContent('10000'));
    expect(screen.getByTestId('receive-b')).toHaveTextContent('100000');
    expect(screen.getByRole('slider', { name: /Remove amount/ })).toHaveProperty('value', '100');
    await userEvent.click(screen.getByRole('button', { name: '25%' }));
    expect(screen.getByTestId('receive-a')).toHaveTextContent('2500');
    await userEvent.click(screen.getByRole('button', { name: 'REMOVE LIQUIDITY' }));
    await waitFor(() => expect(toasts()).toContain('Liquidity removed'));
    const popup = screen.getByRole('dialog', { name: 'REMOVING LIQUIDITY' });
    expect(popup).toHaveAttribute('data-status', 'confirmed');
    expect(within(popup).getByTestId('liquidity-amounts')).toHaveTextContent(/^Received: /);
    expect(fake.removes[0]).toMatchObject({
      lpTokens: (10n * E18) / 4n,
      minA: (2_500n * E6 * 95n) / 100n,
    });
  });

  it('with the pool unreadable it says the network is unreachable; its figures come back with it', async () => {
    const safeMoney = { ...position, pair: 'pair-TRX-SafeMoney', symbolB: 'SafeMoney' };
    const fake = await setup({ positions: [position, safeMoney] });
    await connect();
    fake.node.pair = 'none';
    const open = async () => {
      const item = await screen.findByRole('listitem', { name: 'TRX/SafeMoney pool' });
      await userEvent.click(
        within(item).getByRole('button', { name: 'REMOVE LIQUIDITY TRX/SafeMoney' }),
      );
    };
    await open();
    expect(
      await screen.findByText('Network unreachable: the pool cannot be read right now.'),
    ).toBeVisible();
    expect(screen.getByTestId('receive-a')).toHaveTextContent('-');
    expect(screen.getByRole('button', { name: 'REMOVE LIQUIDITY' })).toBeDisabled();
    fake.node.pair = 'ok';
    // Back goes to ADD LIQUIDITY, then to the list (product.md: 3 to 2, 2 to 1).
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await open();
    await waitFor(() => expect(screen.getByTestId('receive-a')).toHaveTextContent('10000'));
    expect(screen.queryByText(/Network unreachable/)).toBeNull();
    expect(screen.getByRole('button', { name: 'REMOVE LIQUIDITY' })).toBeEnabled();
  });

  it('a failed removal says "Error removing liquidity"', async () => {
    await setup({ fail: new Error('reverted') });
    await connect();
    const item = await screen.findByRole('listitem', { name: 'TRX/JM pool' });
    await userEvent.click(within(item).getByRole('button', { name: 'REMOVE LIQUIDITY TRX/JM' }));
    await waitFor(() => expect(screen.getByTestId('receive-a')).toHaveTextContent('10000'));
    await userEvent.click(screen.getByRole('button', { name: 'REMOVE LIQUIDITY' }));
    await waitFor(() => expect(toasts()).toContain('Error removing liquidity'));
  });
});
