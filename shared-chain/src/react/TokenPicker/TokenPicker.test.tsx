/**
 * @jest-environment jest-fixed-jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NetworkConfig, TokenConfig } from '../../config/types';
import { TokenPicker } from './TokenPicker';
import { TokenChooser } from './TokenChooser';
import { ImportedTokens } from './ImportedTokens';
import { eachBalance } from './hooks';
import { pickerEntries, searchTokens } from './search';
import { pickerBalance } from './TokenRow';
import { parseAmount } from '../../core/amounts';
import { session$, type WalletSession } from '../../bus/session';

const disconnected = session$.getValue();

jest.mock('../../services/tokenImport', () => ({
  inspectTokenAddress: jest.fn(),
  importToken: jest.fn(async (token: { address: string }) => token.address),
  removeImportedToken: jest.fn(),
}));
jest.mock('../../services/reads', () => ({ getBalances: jest.fn(async () => ({})) }));
const tokensService = require('../../services/tokenImport') as { inspectTokenAddress: jest.Mock };

/** What the chain says of a 6% token at 0x4444…4444, as the picker's inspection answers. */
const sixTax = (taxes: { sellFails?: boolean } = {}) => ({
  kind: 'candidate',
  token: {
    address: '0x4444444444444444444444444444444444444444',
    symbol: 'SIX',
    name: 'Six Tax',
    decimals: 18,
    totalSupply: 10n ** 24n,
    taxes: {
      kind: 'measured',
      buy: { bps: 600n, exact: true },
      sell: { bps: 600n, exact: true },
      ...taxes,
    },
  },
});

const token = (symbol: string, name: string, address: string, extra = {}): TokenConfig => ({
  symbol,
  name,
  address,
  decimals: 18,
  logoURI: '',
  tax: 0,
  ...extra,
});

const network = {
  id: 'BSC',
  name: 'BSC',
  platform: 'evm',
  baseToken: 'BNB',
  tokens: {
    BNB: token('BNB', 'BNB', '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', { isBase: true }),
    USDT: token('USDT', 'Tether USD', '0x55d398326f99059fF775485246999027B3197955'),
    BUSD: token('BUSD', 'Binance USD', '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56'),
    TUSDT: token('TUSDT', 'Tiny USDT', '0x1111111111111111111111111111111111111111', { tax: 5 }),
    KLV: token('KLV', 'Klever', '0x2222222222222222222222222222222222222222'),
    '0x3333333333333333333333333333333333333333': token(
      'USDT',
      'Tether USD',
      '0x3333333333333333333333333333333333333333',
      { origin: 'imported' },
    ),
  },
  pools: [],
  exchange: { MAX_HOP_LENGTH: 3 },
} as unknown as NetworkConfig;

describe('search', () => {
  const entries = pickerEntries(network);

  test('prefix matches first, then the rest; symbol, name and address, any case', () => {
    expect(searchTokens(entries, 'us').map((e) => e.key)).toEqual([
      'USDT',
      '0x3333333333333333333333333333333333333333',
      'BUSD',
      'TUSDT',
    ]);
    expect(searchTokens(entries, 'KLEVER').map((e) => e.key)).toEqual(['KLV']);
    expect(searchTokens(entries, '0x2222').map((e) => e.key)).toEqual(['KLV']);
  });

  test("a full-width input method's letters (Chinese, Japanese) find the token as ASCII ones do", () => {
    expect(searchTokens(entries, '\u3000ＫＬＥＶＥＲ').map((e) => e.key)).toEqual(['KLV']);
    expect(searchTokens(entries, 'ｕｓ').map((e) => e.key)).toEqual(
      searchTokens(entries, 'us').map((e) => e.key),
    );
  });

  test('tokens the wallet holds come first, then the listed order; imports after the listed ones', () => {
    expect(searchTokens(entries, '', new Set(['KLV'])).map((e) => e.key)).toEqual([
      'KLV',
      'BNB',
      'USDT',
      'BUSD',
      'TUSDT',
      '0x3333333333333333333333333333333333333333',
    ]);
  });

  test('held tokens go by what they are worth, most first; those without a price after them', () => {
    const held = new Set(['KLV', 'USDT', 'BUSD', 'TUSDT']);
    const worth = new Map([
      ['USDT', 5n * 10n ** 18n],
      ['KLV', 900n * 10n ** 18n],
      ['BUSD', 5n * 10n ** 18n],
    ]);
    expect(searchTokens(entries, '', held, worth).map((e) => e.key)).toEqual([
      'KLV',
      'USDT', // as much as BUSD: the listed order
      'BUSD',
      'TUSDT', // held, no price
      'BNB',
      '0x3333333333333333333333333333333333333333',
    ]);
    // Within each tier of a search.
    expect(searchTokens(entries, 'us', held, worth).map((e) => e.key)).toEqual([
      'USDT',
      '0x3333333333333333333333333333333333333333',
      'BUSD',
      'TUSDT',
    ]);
  });
});

describe('the dialog', () => {
  // Still on screen here (the library unmounts after this hook): the picker sees it go.
  afterEach(() => act(() => session$.next(disconnected)));
  const open = (props: Partial<Parameters<typeof TokenPicker>[0]> = {}) => {
    const onPick = jest.fn();
    const onClose = jest.fn();
    render(
      <TokenPicker
        network={network}
        title="Select a token to sell"
        onPick={onPick}
        onClose={onClose}
        {...props}
      />,
    );
    return { onPick, onClose };
  };

  test('the search is focused; arrows move, Enter picks; a listbox of options', async () => {
    const { onPick, onClose } = open();
    const search = screen.getByRole('combobox', { name: 'Search tokens' });
    expect(search).toHaveFocus();
    const list = screen.getByRole('listbox', { name: 'Select a token to sell' });
    expect(within(list).getAllByRole('option')).toHaveLength(6);
    await userEvent.type(search, 'us');
    await userEvent.keyboard('{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[1]!.id,
    );
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('0x3333333333333333333333333333333333333333');
    expect(onClose).toHaveBeenCalled();
  });

  test('an imported USDT shows its short address and the imported mark beside the listed one', () => {
    open();
    const row = (key: string) => document.querySelector(`[data-token="${key}"]`);
    const imported = row('0x3333333333333333333333333333333333333333');
    expect(imported).toHaveTextContent('USDT');
    expect(imported).toHaveTextContent('0x3333…3333 · Tether USD');
    expect(imported).toHaveTextContent('imported');
    expect(row('USDT')).not.toHaveTextContent('imported');
    expect(row('USDT')).not.toHaveTextContent('0x');
    expect(screen.getByRole('option', { name: /TUSDT/ })).toHaveTextContent('tax 5%');
  });

  test('Escape closes; the common tokens are chips', async () => {
    const { onClose, onPick } = open();
    await userEvent.click(screen.getByRole('button', { name: 'BUSD' }));
    expect(onPick).toHaveBeenCalledWith('BUSD');
    fireEvent(screen.getByTestId('token-picker'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalled();
  });

  test('an address of another network says so, and nothing else happens', async () => {
    open();
    await userEvent.type(screen.getByRole('combobox'), 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(screen.getByTestId('import-refused')).toHaveTextContent(
      'This is a TRON address (T...). Addresses on this network start with 0x.',
    );
    expect(tokensService.inspectTokenAddress).not.toHaveBeenCalled();
  });

  test('a pasted address is read from the chain: facts, the warning, the taxes, Import', async () => {
    tokensService.inspectTokenAddress.mockResolvedValue(sixTax({ sellFails: true }));
    const { onPick } = open();
    await userEvent.type(
      screen.getByRole('combobox'),
      '0x4444444444444444444444444444444444444444',
    );
    const card = await screen.findByTestId('import-card');
    expect(card).toHaveTextContent(
      "This token is not on JMSwap's list. Anyone can create a token with any name, including copies of real tokens. Check the contract address before you trade.",
    );
    expect(screen.getByTestId('import-buy-tax')).toHaveTextContent('6%');
    expect(screen.getByTestId('import-sell-tax')).toHaveTextContent('6%');
    expect(card).toHaveTextContent(
      'You may not be able to sell this token: selling it failed in a simulation.',
    );
    expect(card).toHaveTextContent('1000000');
    await userEvent.click(screen.getByRole('button', { name: 'Import SIX' }));
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith('0x4444444444444444444444444444444444444444'),
    );
  });

  test("an explorer's token page link finds its token, or reads it as its address would", async () => {
    tokensService.inspectTokenAddress.mockResolvedValue(sixTax());
    open();
    const search = screen.getByRole('combobox');
    await userEvent.click(search);
    await userEvent.paste(`https://bscscan.com/token/0x${'3'.repeat(40)}?a=0x${'5'.repeat(40)}`);
    expect(screen.getAllByRole('option').map((o) => o.dataset.token)).toEqual([
      `0x${'3'.repeat(40)}`,
    ]);
    await userEvent.clear(search);
    await userEvent.paste(`https://bscscan.com/token/0x${'4'.repeat(40)}`);
    expect(await screen.findByRole('button', { name: 'Import SIX' })).toBeInTheDocument();
    expect(tokensService.inspectTokenAddress).toHaveBeenCalledWith(`0x${'4'.repeat(40)}`, 'BSC');
  });

  test('a refused token shows why, with its hidden characters written out', async () => {
    tokensService.inspectTokenAddress.mockResolvedValue({
      kind: 'refused',
      message: 'This contract is not a token: it has no symbol, name and decimals.',
      details: 'US\\u{202E}DT',
    });
    open();
    await userEvent.type(
      screen.getByRole('combobox'),
      '0x5555555555555555555555555555555555555555',
    );
    expect(await screen.findByTestId('import-refused')).toHaveTextContent('US\\u{202E}DT');
  });

  test("each held token's dollar value under its balance, the richest first; never for an import named like a listed token", async () => {
    const usdt = 10n ** 18n;
    session$.next({ connected: true, address: '0xabc', name: 'MetaMask' } as WalletSession);
    open({
      loadBalances: async () => ({
        USDT: 20n * usdt,
        KLV: 1_000n * usdt,
        BUSD: 3n * usdt,
        '0x3333333333333333333333333333333333333333': 50n * usdt,
      }),
      usdPrices: { USDT: 1, BUSD: 1, KLV: 0.5, BNB: 600 },
    });
    const list = screen.getByRole('listbox');
    await waitFor(() =>
      expect(within(list).getAllByRole('option')[0]).toHaveAttribute('data-token', 'KLV'),
    );
    const keys = within(list)
      .getAllByRole('option')
      .map((o) => o.getAttribute('data-token'));
    expect(keys.slice(0, 4)).toEqual([
      'KLV',
      'USDT',
      'BUSD',
      '0x3333333333333333333333333333333333333333',
    ]);
    const row = (key: string) => document.querySelector(`[data-token="${key}"]`) as HTMLElement;
    expect(row('KLV').querySelector('.jm-picker-usd')).toHaveTextContent('$500.00');
    expect(row('USDT').querySelector('.jm-picker-usd')).toHaveTextContent('$20.00');
    // The imported "USDT" holds 50 of its own units: no dollar figure, not $50.00.
    const imported = row('0x3333333333333333333333333333333333333333');
    expect(imported.querySelector('.jm-picker-balance')).toHaveTextContent('50');
    expect(imported.querySelector('.jm-picker-usd')).toBeNull();
  });

  test('rows do not move under a pointer: balances that arrive after the user pointed at the list keep the order seen', async () => {
    session$.next({ connected: true, address: '0xabc', name: 'MetaMask' } as WalletSession);
    let arrive: (b: Record<string, bigint>) => void = () => undefined;
    open({ loadBalances: () => new Promise((resolve) => (arrive = resolve)) });
    const list = screen.getByRole('listbox');
    const order = () =>
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('data-token'));
    const listed = order();
    expect(listed[0]).toBe('BNB');
    fireEvent.pointerMove(list);
    act(() => arrive({ KLV: 10n ** 21n }));
    await waitFor(() =>
      expect(within(list).getByRole('option', { name: /KLV/ })).toHaveTextContent('1000'),
    );
    expect(order()).toEqual(listed);
    // A new search orders afresh, the held token first; deleting it back does too.
    await userEvent.type(screen.getByRole('combobox'), 'x');
    await userEvent.clear(screen.getByRole('combobox'));
    expect(order()[0]).toBe('KLV');
  });

  test('the widget offers only its tokens and no import', async () => {
    open({ only: ['BNB', 'USDT'], allowImport: false });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('combobox')).toHaveAttribute('placeholder', 'Search name or symbol');
  });
});

describe('TokenChooser', () => {
  test('its button shows the token; the picker (its own chunk) opens on a click and picks', async () => {
    const onSelect = jest.fn();
    render(
      <TokenChooser
        label="Sell token"
        title="Select a token to sell"
        network={network}
        selected="USDT"
        onSelect={onSelect}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sell token: USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a token to sell' });
    await userEvent.click(within(dialog).getByRole('option', { name: /^KLV/ }));
    expect(onSelect).toHaveBeenCalledWith('KLV');
  });
});

describe("a link's token this browser does not know", () => {
  const six = '0x4444444444444444444444444444444444444444';
  beforeEach(() => tokensService.inspectTokenAddress.mockResolvedValue(sixTax()));
  const chooser = (props: Partial<Parameters<typeof TokenChooser>[0]>) =>
    render(
      <TokenChooser
        label="Receive token"
        title="Select a token to receive"
        network={network}
        selected="USDT"
        offer={six}
        onSelect={jest.fn()}
        {...props}
      />,
    );

  test('opens the picker with its import card: the warning and taxes before any trade', async () => {
    const onSelect = jest.fn();
    chooser({ onSelect });
    const dialog = await screen.findByRole('dialog', { name: 'Select a token to receive' });
    expect(within(dialog).getByRole('combobox')).toHaveValue(six);
    const card = await within(dialog).findByTestId('import-card');
    expect(card).toHaveTextContent("This token is not on JMSwap's list.");
    expect(within(card).getByTestId('import-buy-tax')).toHaveTextContent('6%');
    await userEvent.click(within(card).getByRole('button', { name: 'Import SIX' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(six));
  });

  test('closed, it keeps the token shown and opens empty next time', async () => {
    const onSelect = jest.fn();
    chooser({ onSelect });
    await screen.findByTestId('import-card');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Receive token: USDT' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox')).toHaveValue('');
  });

  test('where import is off (the widget) nothing opens', () => {
    chooser({ only: ['BNB', 'USDT'] });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

test('one token whose balance cannot be read does not cost the others theirs', async () => {
  // A reader answers all or nothing: the dead contract fails the whole read.
  const read = jest.fn(async (_owner: string, keys: string[]) =>
    keys.includes('DEAD') ? undefined : Object.fromEntries(keys.map((k) => [k, 7n])),
  );
  expect(await eachBalance(read, '0xowner', ['BNB', 'DEAD', 'USDT'])).toEqual({
    BNB: 7n,
    USDT: 7n,
  });
  // All answered: one read.
  read.mockClear();
  expect(await eachBalance(read, '0xowner', ['BNB', 'USDT'])).toEqual({ BNB: 7n, USDT: 7n });
  expect(read).toHaveBeenCalledTimes(1);
  // A loader that throws reads as nothing.
  expect(
    await eachBalance(async () => Promise.reject(new Error('down')), '0xowner', ['BNB']),
  ).toEqual({});
});

test("a row's balance keeps every whole unit and only the decimals a narrow row has room for", () => {
  const units = (text: string, decimals: number) => {
    const parsed = parseAmount(text, decimals);
    if (!parsed.ok) throw new Error(text);
    return parsed.value;
  };
  expect(pickerBalance(units('0.1234567', 18), 18)).toBe('0.123456');
  expect(pickerBalance(units('43.423733', 18), 18)).toBe('43.42373');
  expect(pickerBalance(units('13870.801245', 18), 18)).toBe('13870.8');
  expect(pickerBalance(units('2423961.992081', 6), 6)).toBe('2423961');
  // A meme token's: all fourteen digits, none cut.
  expect(pickerBalance(units('73456789012345.999', 18), 18)).toBe('73456789012345');
  expect(pickerBalance(5097n, 0)).toBe('5097');
  expect(pickerBalance(0n, 18)).toBe('0');
  // Dust the wallet holds is not "0".
  expect(pickerBalance(596n, 18)).toBe('0.0₁₅596');
});

test('Manage imported tokens keeps the focus in the sheet: Back, then the next Remove, then Back', async () => {
  const tokenService = require('../../services/tokenImport') as { removeImportedToken: jest.Mock };
  const meme = '0x5555555555555555555555555555555555555555';
  const withMeme = {
    ...network,
    tokens: { ...network.tokens, [meme]: token('MEME', 'Meme', meme, { origin: 'imported' }) },
  };
  const both = pickerEntries(withMeme).filter((e) => e.token.origin === 'imported');
  expect(both.map((e) => e.token.symbol)).toEqual(['USDT', 'MEME']);
  const view = (tokens: typeof both) => (
    <ImportedTokens network={network} tokens={tokens} onBack={() => undefined} />
  );
  const { rerender } = render(view(both));
  expect(screen.getByRole('button', { name: '← Back to the tokens' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Remove imported token USDT' }));
  expect(tokenService.removeImportedToken).toHaveBeenCalledWith(
    '0x3333333333333333333333333333333333333333',
    'BSC',
  );
  // The list goes on with the other token: its Remove has the focus, not the page.
  rerender(view([both[1]!]));
  expect(screen.getByRole('button', { name: 'Remove imported token MEME' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Remove imported token MEME' }));
  rerender(view([]));
  expect(screen.getByRole('button', { name: '← Back to the tokens' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('No imported tokens.');
});
