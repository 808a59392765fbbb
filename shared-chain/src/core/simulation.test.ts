import { ChainError } from './errors';
import {
  decodeErrorString,
  rawRevert,
  replacedText,
  replacementKind,
  revertCode,
  SimulationError,
  sentMatchesBuilt,
  simulationFailureText,
} from './simulation';

/** Error(string) revert data for `text`, as a node returns it. */
function errorData(text: string): string {
  const hex = Buffer.from(text, 'utf8').toString('hex');
  const len = (hex.length / 2).toString(16).padStart(64, '0');
  const offset = (32).toString(16).padStart(64, '0');
  return `0x08c379a0${offset}${len}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
}

const SLIPPAGE = 'the price moved beyond your slippage. Try again or raise slippage.';

describe('simulationFailureText: one sentence per revert reason', () => {
  const cases: [string, 'swap' | 'approve' | 'add' | 'remove', string][] = [
    ['JMSwap: INSUFFICIENT_OUTPUT_AMOUNT', 'swap', `This swap would fail: ${SLIPPAGE}`],
    ['JMSwap: EXCESSIVE_INPUT_AMOUNT', 'swap', `This swap would fail: ${SLIPPAGE}`],
    ['JMSwap: INSUFFICIENT_A_AMOUNT', 'add', `Adding this liquidity would fail: ${SLIPPAGE}`],
    ['JMSwap: INSUFFICIENT_B_AMOUNT', 'remove', `Removing this liquidity would fail: ${SLIPPAGE}`],
    ['JMSwap: EXPIRED', 'swap', 'This swap would fail: its deadline has passed. Try again.'],
    [
      'JMSwap: K',
      'swap',
      'This swap would fail: the pool changed while it was prepared. Try again.',
    ],
    ['JMSwap: LOCKED', 'swap', 'This swap would fail: the pool is busy. Try again.'],
    [
      'JMSwap: INSUFFICIENT_LIQUIDITY',
      'swap',
      'This swap would fail: the pool does not have enough liquidity.',
    ],
    ['JMSwap: INSUFFICIENT_INPUT_AMOUNT', 'swap', 'This swap would fail: the amount is too small.'],
    [
      'JMSwap: INSUFFICIENT_AMOUNT',
      'add',
      'Adding this liquidity would fail: the amount is too small.',
    ],
    [
      'JMSwap: INSUFFICIENT_LIQUIDITY_MINTED',
      'add',
      'Adding this liquidity would fail: the amount is too small for pool tokens.',
    ],
    [
      'JMSwap: INSUFFICIENT_LIQUIDITY_BURNED',
      'remove',
      'Removing this liquidity would fail: the amount is too small to withdraw.',
    ],
    ['JMSwap: TRANSFER_FAILED', 'swap', 'This swap would fail: a token refused the transfer.'],
    [
      'JMSwap: TRANSFER_FROM_FAILED',
      'swap',
      'This swap would fail: a token refused the transfer. Check your balance and approval.',
    ],
    [
      'JMSwap: BASE_TRANSFER_FAILED',
      'remove',
      'Removing this liquidity would fail: sending the coin back failed.',
    ],
    ['TaxedToken: INSUFFICIENT_BALANCE', 'swap', 'This swap would fail: your balance is too low.'],
    [
      'WBASE: INSUFFICIENT_ALLOWANCE',
      'swap',
      'This swap would fail: the approval is too low. Approve again.',
    ],
    ['JMSwap: INVALID_PATH', 'swap', 'This swap would fail: this route is not valid.'],
    [
      'JMSwap: PAIR_NOT_FOUND',
      'remove',
      'Removing this liquidity would fail: this pair has no pool.',
    ],
    ['JMSwap: PAIR_EXISTS', 'add', 'Adding this liquidity would fail: this pool already exists.'],
    ['JMSwap: IDENTICAL_ADDRESSES', 'swap', 'This swap would fail: both tokens are the same.'],
    [
      'JMSwap: INVALID_TAXES',
      'swap',
      "This swap would fail: the token taxes do not match the route's.",
    ],
    ['JMSwap: OVERFLOW', 'add', 'Adding this liquidity would fail: the amount is too large.'],
  ];
  it.each(cases)('%s (%s)', (reason, action, sentence) => {
    expect(simulationFailureText(action, reason)).toEqual({ message: sentence });
  });

  it.each([
    'insufficient funds for gas * price + value: have 1000 want 2000',
    'Insufficient funds for gas * price + value',
    'Validate TransferContract error, balance is not sufficient.',
  ])('a node refusing for want of funds (%s): one plain sentence', (reason) => {
    expect(simulationFailureText('swap', reason)).toEqual({
      message: 'This swap would fail: your balance does not cover the amount and the network fee.',
    });
  });

  it('an unknown reason: a generic sentence and the raw reason in a details line', () => {
    expect(simulationFailureText('approve', 'Pausable: paused')).toEqual({
      message: 'This approval would fail, so nothing was sent.',
      details: 'Details: Pausable: paused',
    });
  });

  it('no reason at all', () => {
    expect(simulationFailureText('swap', undefined)).toEqual({
      message: 'This swap would fail, so nothing was sent.',
      details: 'Details: no reason given',
    });
    expect(simulationFailureText('createPair', '').details).toBe('Details: no reason given');
  });

  it('a reason without a prefix maps too', () => {
    expect(revertCode('EXPIRED')).toBe('EXPIRED');
    expect(revertCode('JMSwap: K')).toBe('K');
  });
});

describe('SimulationError', () => {
  it('is a ChainError with code SIMULATION_FAILED, the sentence, reason and details', () => {
    const known = new SimulationError('swap', 'JMSwap: INSUFFICIENT_OUTPUT_AMOUNT');
    expect(known).toBeInstanceOf(ChainError);
    expect(known.code).toBe('SIMULATION_FAILED');
    expect(known.message).toBe(`This swap would fail: ${SLIPPAGE}`);
    expect(known.reason).toBe('JMSwap: INSUFFICIENT_OUTPUT_AMOUNT');
    expect(known.details).toBeUndefined();
    const unknown = new SimulationError('swap', undefined);
    expect(unknown.details).toBe('Details: no reason given');
    expect(unknown.reason).toBeUndefined();
  });
});

describe('revert data', () => {
  it('decodes Error(string)', () => {
    expect(decodeErrorString(errorData('JMSwap: EXPIRED'))).toBe('JMSwap: EXPIRED');
    expect(decodeErrorString(errorData('JMSwap: K').slice(2))).toBe('JMSwap: K');
  });
  it('returns undefined for other data', () => {
    expect(decodeErrorString(undefined)).toBeUndefined();
    expect(decodeErrorString('0x')).toBeUndefined();
    expect(decodeErrorString('0x4e487b71' + '0'.repeat(64))).toBeUndefined();
    expect(
      decodeErrorString('0x08c379a0' + '0'.repeat(63) + '2' + '0'.repeat(62) + 'ff'),
    ).toBeUndefined();
  });
  it('rawRevert: the decoded text, else the start of the hex, else undefined', () => {
    expect(rawRevert(errorData('JMSwap: K'))).toBe('JMSwap: K');
    expect(rawRevert('4e487b71' + '0'.repeat(62) + '11')).toBe(
      '0x4e487b71' + '0'.repeat(62) + '11',
    );
    expect(rawRevert('')).toBeUndefined();
    expect(rawRevert(undefined)).toBeUndefined();
  });
});

describe('sentMatchesBuilt (checklist item 22)', () => {
  const built = {
    to: '0xAbC0000000000000000000000000000000000001',
    data: '0x38ED1739aa',
    value: 5n,
  };
  it('the same transaction, whatever the case of the hex', () => {
    expect(
      sentMatchesBuilt(built, {
        to: '0xabc0000000000000000000000000000000000001',
        input: '0x38ed1739AA',
        value: '0x5',
      }),
    ).toBe(true);
    expect(
      sentMatchesBuilt({ to: built.to, data: '0x' }, { to: built.to, data: '0x', value: 0n }),
    ).toBe(true);
  });
  it('another recipient, other data or another value is a change', () => {
    expect(
      sentMatchesBuilt(built, { to: '0x' + '1'.repeat(40), input: built.data, value: 5n }),
    ).toBe(false);
    expect(sentMatchesBuilt(built, { to: built.to, input: '0x38ed1739ab', value: 5n })).toBe(false);
    expect(sentMatchesBuilt(built, { to: built.to, input: built.data, value: '0x6' })).toBe(false);
    expect(sentMatchesBuilt(built, { to: null, input: built.data, value: 5n })).toBe(false);
    expect(sentMatchesBuilt({ to: built.to, data: '0x' }, { to: built.to })).toBe(true);
  });

  it('with the expected sender and chain: another account or another chain is a change too', () => {
    const from = '0x' + 'a'.repeat(40);
    const sent = { to: built.to, input: built.data, value: 5n, from, chainId: '0x38' };
    expect(
      sentMatchesBuilt(built, sent, { from: from.toUpperCase().replace('0X', '0x'), chainId: 56 }),
    ).toBe(true);
    expect(
      sentMatchesBuilt(built, { ...sent, from: '0x' + 'b'.repeat(40) }, { from, chainId: 56 }),
    ).toBe(false);
    expect(sentMatchesBuilt(built, { ...sent, chainId: '0x89' }, { from, chainId: 56 })).toBe(
      false,
    );
  });
});

describe('a replacement of the transaction a send waits on', () => {
  const from = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
  const built = { to: '0xRouter', data: '0xabcdef', value: 5n };

  test('the same call (a Speed up) is repriced; 0 to self without data is cancelled; else replaced', () => {
    expect(replacementKind(built, from, { to: '0xrouter', input: '0xABCDEF', value: '0x5' })).toBe(
      'repriced',
    );
    expect(
      replacementKind(built, from, { to: from.toLowerCase(), input: '0x', value: '0x0' }),
    ).toBe('cancelled');
    expect(replacementKind(built, from, { to: from, input: '0x', value: '0x1' })).toBe('replaced');
    expect(replacementKind(built, from, { to: '0xother', input: '0x12', value: '0x0' })).toBe(
      'replaced',
    );
  });

  test('the words: a cancel is no failure, nothing moved', () => {
    expect(replacedText('swap', 'cancelled')).toBe(
      "This swap was cancelled: no tokens moved, only the cancel's network fee was paid.",
    );
    expect(replacedText('add', 'replaced')).toBe(
      'Adding this liquidity was replaced by another transaction from your wallet, so it did not go through.',
    );
  });
});
