import * as errors from './errors';
import {
  ChainError,
  SwapError,
  freeEnergyOrTrxMessage,
  isChainError,
  notEnoughEnergyOrTrxMessage,
  swapFailedMessage,
} from './errors';

describe('error catalogue', () => {
  it('words every text exactly as the spec', () => {
    expect({ ...errors }).toMatchObject({
      SELECT_TOKENS_FIRST: 'Select the tokens first',
      INPUT_VALUES_FIRST: 'You need to input the values first',
      INSUFFICIENT_BALANCE: 'Insufficient balance',
      INSUFFICIENT_TOKEN_BALANCE: 'Insufficient balance of selected token',
      SELECT_BOTH_TOKENS_FIRST: 'Select both tokens first',
      APPROVAL_UNSUCCESSFUL: 'Approval unsuccessful (swap aborted)',
      SWAP_FAILED: 'Swap failed',
      PROCESSING_TRANSACTION: 'Processing transaction, please wait...',
      ERROR_ADDING_LIQUIDITY: 'Error adding liquidity',
      ERROR_REMOVING_LIQUIDITY: 'Error removing liquidity',
      LIQUIDITY_ADDED: 'Liquidity added',
      LIQUIDITY_REMOVED: 'Liquidity removed',
      TRANSACTION_FAILED: 'Transaction failed',
      NO_SWAP_PATH_FOUND: 'No swap path found',
      INSUFFICIENT_LIQUIDITY_AVAILABLE: 'Insufficient liquidity available',
      WALLET_NOT_CONNECTED: 'Wallet not connected',
      INVALID_VALUE: 'invalid value',
      TOO_MANY_DECIMAL_POINTS: 'too many decimal points',
      NOT_IMPLEMENTED: 'Not implemented',
      METHOD_NEEDS_IMPLEMENTATION: 'Method needs to be implemented in the subclass',
      INSUFFICIENT_LIQUIDITY_BUTTON: 'INSUFFICIENT LIQUIDITY',
    });
  });

  it('builds the parameterised texts', () => {
    expect(notEnoughEnergyOrTrxMessage(65)).toBe(
      "You don't have enough energy or TRX for the transaction. Try to leave at least 65 TRX for the fees.",
    );
    expect(freeEnergyOrTrxMessage(47)).toBe(
      'You should have free energy or at least 47 TRX for the fees.',
    );
    expect(swapFailedMessage('REVERT')).toBe('Swap failed: REVERT');
    expect(swapFailedMessage(0)).toBe('Swap failed: 0');
    expect(swapFailedMessage()).toBe('Swap failed');
    expect(swapFailedMessage(null)).toBe('Swap failed');
    expect(swapFailedMessage('')).toBe('Swap failed');
  });

  it('typed errors carry a code and the user text', () => {
    const noPath = new ChainError('NO_PATH');
    expect(noPath).toBeInstanceOf(Error);
    expect(noPath.message).toBe('No swap path found');
    expect(noPath.code).toBe('NO_PATH');
    expect(noPath.name).toBe('ChainError');
    expect(new ChainError('TRANSACTION_FAILED', 'custom').message).toBe('custom');
    expect(isChainError(noPath)).toBe(true);
    expect(isChainError(new Error('x'))).toBe(false);
    const swap = new SwapError('APPROVAL_FAILED', errors.APPROVAL_UNSUCCESSFUL);
    expect(swap).toMatchObject({
      name: 'SwapError',
      code: 'APPROVAL_FAILED',
      message: 'Approval unsuccessful (swap aborted)',
    });
  });
});

describe("a remote's bundled copy of the catalogue (feature code imports it by relative path)", () => {
  const copy = (): typeof import('./errors') => {
    let module: typeof import('./errors') | undefined;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof import('./errors')>('./errors');
    });
    return module as typeof import('./errors');
  };

  it("makes errors the page's classes recognise, and the other way round", () => {
    const other = copy();
    expect(other.ChainError).not.toBe(ChainError);
    expect(new other.ChainError('NO_PATH')).toBeInstanceOf(ChainError);
    expect(isChainError(new other.ChainError('NO_PATH'))).toBe(true);
    expect(new ChainError('NO_PATH') instanceof other.ChainError).toBe(true);
    expect(new other.SwapError('SWAP_FAILED', 'Swap failed')).toBeInstanceOf(SwapError);
    expect(new other.SwapError('SWAP_FAILED', 'Swap failed') instanceof ChainError).toBe(false);
    expect(new Error('NO_PATH') instanceof ChainError).toBe(false);
    expect(isChainError({ code: 'NO_PATH' })).toBe(false);
  });

  it('keeps subclasses told apart by their prototype', () => {
    class Narrower extends ChainError {}
    expect(new Narrower('NO_PATH')).toBeInstanceOf(ChainError);
    expect(new ChainError('NO_PATH') instanceof Narrower).toBe(false);
  });

  it("translates a text the copy catalogued with the page's localText", () => {
    const other = copy();
    const english = other.catalogued({ id: 'h8-copy-test', message: 'Only in a newer remote' });
    expect(errors.describeText(english)).toEqual({
      id: 'h8-copy-test',
      message: 'Only in a newer remote',
    });
  });
});
