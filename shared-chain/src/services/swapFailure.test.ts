import { ChainError } from '../core/errors';
import { swapFailure } from './swap';

it('says "Swap failed: {code}" when the chain gave a result code, "Swap failed" otherwise', () => {
  const outOfEnergy = Object.assign(new ChainError('TRANSACTION_FAILED'), {
    detail: 'OUT_OF_ENERGY',
  });
  expect(swapFailure(outOfEnergy).message).toBe('Swap failed: OUT_OF_ENERGY');
  expect(swapFailure(new Error('boom')).message).toBe('Swap failed');
  expect(swapFailure(Object.assign(new Error('x'), { detail: '' })).message).toBe('Swap failed');
  expect(swapFailure(null).code).toBe('SWAP_FAILED');
});
