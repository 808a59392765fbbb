import { ALLOWANCE_UNREAD, ChainError, SwapError } from '@jmswap/shared-chain';
import { ERROR_ADDING_LIQUIDITY, failureText } from './useLiquidityActions';

describe('failureText', () => {
  it('a send its simulation stopped shows the sentence, and the raw reason when unknown', () => {
    const known = new ChainError('SIMULATION_FAILED', 'Adding this liquidity would fail: x.');
    expect(failureText(ERROR_ADDING_LIQUIDITY, known)).toBe('Adding this liquidity would fail: x.');
    const unknown = Object.assign(
      new ChainError('SIMULATION_FAILED', 'Adding this liquidity would fail, so nothing was sent.'),
      { details: 'Details: Pausable: paused' },
    );
    expect(failureText(ERROR_ADDING_LIQUIDITY, unknown)).toBe(
      'Adding this liquidity would fail, so nothing was sent. Details: Pausable: paused',
    );
  });
  it('an allowance no node told says nothing was sent and to check the connection', () => {
    expect(
      failureText(ERROR_ADDING_LIQUIDITY, new SwapError('ALLOWANCE_UNREAD', ALLOWANCE_UNREAD)),
    ).toBe(
      'Your allowance could not be read, so nothing was sent. Check your connection, then try again.',
    );
  });
  it('other failures keep the base text', () => {
    expect(failureText(ERROR_ADDING_LIQUIDITY, new Error('x'))).toBe('Error adding liquidity');
  });
});
