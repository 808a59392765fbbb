import { MAX_APPROVAL } from '../core/constants';
import { approvalSteps } from './approval';

const steps = (allowance: bigint, mode: 'max' | 'exact', resetRequired = false) =>
  approvalSteps({ allowance, amount: 100n, mode, resetRequired });

it('maximum mode: approved only at the uint256 maximum (the spec), else one approve of the maximum', () => {
  expect(steps(MAX_APPROVAL, 'max')).toEqual([]);
  expect(steps(0n, 'max')).toEqual([MAX_APPROVAL]);
  expect(steps(10n ** 30n, 'max')).toEqual([MAX_APPROVAL]);
});

it('maximum mode: an unlimited allowance that a token decremented is not approved again', () => {
  expect(steps(MAX_APPROVAL - 100n, 'max')).toEqual([]);
  expect(steps(2n ** 255n, 'max')).toEqual([]);
  expect(steps(2n ** 255n - 1n, 'max')).toEqual([MAX_APPROVAL]);
});

it('exact mode: approved when the allowance covers the amount, else approve just the amount', () => {
  expect(steps(100n, 'exact')).toEqual([]);
  expect(steps(MAX_APPROVAL, 'exact')).toEqual([]);
  expect(steps(99n, 'exact')).toEqual([100n]);
});

it('a re-approval is one transaction, except for tokens that need a reset to 0 (USDT-style)', () => {
  expect(steps(50n, 'max')).toEqual([MAX_APPROVAL]);
  expect(steps(50n, 'exact')).toEqual([100n]);
  expect(steps(50n, 'max', true)).toEqual([0n, MAX_APPROVAL]);
  expect(steps(50n, 'exact', true)).toEqual([0n, 100n]);
  expect(steps(0n, 'exact', true)).toEqual([100n]);
});
