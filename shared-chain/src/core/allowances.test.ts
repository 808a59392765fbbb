import { MAX_APPROVAL, UNLIMITED_ALLOWANCE_THRESHOLD } from './constants';
import {
  allowanceTargets,
  allowanceText,
  approveResetNeeded,
  LIQUIDITY_ROUTER_NAME,
  routerSpenders,
  sameAddress,
  SWAP_ROUTER_NAME,
} from './allowances';

const ROUTER = '0x00000000000000000000000000000000000000Aa';
const LIQ = '0x00000000000000000000000000000000000000bB';

it('names both routers, and only once when the liquidity router is the swap router', () => {
  expect(routerSpenders({ ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ })).toEqual([
    { address: ROUTER, name: SWAP_ROUTER_NAME },
    { address: LIQ, name: LIQUIDITY_ROUTER_NAME },
  ]);
  expect(
    routerSpenders({ ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: ROUTER.toLowerCase() }),
  ).toEqual([{ address: ROUTER, name: SWAP_ROUTER_NAME }]);
  expect(routerSpenders({ ROUTER_ADDRESS: '', LIQUIDITY_ROUTER: '' })).toEqual([]);
});

it('compares EVM addresses without case and TRON base58 exactly', () => {
  expect(sameAddress(ROUTER, ROUTER.toLowerCase())).toBe(true);
  expect(sameAddress('TXYZabc', 'txyzabc')).toBe(false);
  expect(sameAddress('TXYZabc', 'TXYZabc')).toBe(true);
});

it('reads every configured token towards every router, then the API hints towards a router only', () => {
  const spenders = routerSpenders({ ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ });
  const targets = allowanceTargets(
    ['0x1111111111111111111111111111111111111111'],
    [
      { token: '0x2222222222222222222222222222222222222222', spender: ROUTER.toLowerCase() },
      { token: '0x2222222222222222222222222222222222222222', spender: ROUTER },
      { token: '0x3333333333333333333333333333333333333333', spender: '0x' + '9'.repeat(40) },
    ],
    spenders,
  );
  expect(targets.map((t) => [t.token.slice(0, 4), t.spender.name, t.configured])).toEqual([
    ['0x11', SWAP_ROUTER_NAME, true],
    ['0x11', LIQUIDITY_ROUTER_NAME, true],
    ['0x22', SWAP_ROUTER_NAME, false],
  ]);
});

it('shows "Unlimited" from 2^255 up, else the amount in token units', () => {
  expect(allowanceText(MAX_APPROVAL, 6)).toBe('Unlimited');
  expect(allowanceText(UNLIMITED_ALLOWANCE_THRESHOLD, 18)).toBe('Unlimited');
  expect(allowanceText(1_500_000n, 6)).toBe('1.5');
  expect(allowanceText(UNLIMITED_ALLOWANCE_THRESHOLD - 1n, 18)).not.toBe('Unlimited');
  // Left after an exact approval of a TRON pair's pool tokens, or dust: never "0" beside Revoke.
  expect(allowanceText(447_213n, 18)).toBe('0.0₁₂4472');
  expect(allowanceText(1n, 18)).toBe('0.0₁₇1');
  expect(allowanceText(1n, 6)).toBe('0.000001');
});

it('shows "Unlimited" above the whole supply (Permit2\'s 2^160-1, a uint96 cap), the amount up to it', () => {
  const supply = 10n ** 27n; // a billion tokens of 18 decimals
  expect(allowanceText(2n ** 160n - 1n, 18, supply)).toBe('Unlimited');
  expect(allowanceText(2n ** 96n - 1n, 18, supply)).toBe('Unlimited');
  expect(allowanceText(supply, 18, supply)).toBe('1000000000');
  expect(allowanceText(2n ** 160n - 1n, 18)).toBe('1461501637330902918203684832716.283019655932');
});

it('asks for approve(0) first only when the new approval is refused and 0 is accepted', () => {
  const verdict = (
    current: bigint,
    newAccepted: boolean | undefined,
    zeroAccepted: boolean | undefined,
    flagged = false,
  ) => approveResetNeeded({ current, newAccepted, zeroAccepted, flagged });
  expect(verdict(5n, false, true)).toBe(true); // USDT-style
  expect(verdict(5n, true, true)).toBe(false); // a plain token
  expect(verdict(0n, false, true)).toBe(false); // from zero every token takes it
  expect(verdict(5n, false, false)).toBe(false); // refuses both: its own revert says why
  // no node answered the simulation: the config's flag decides
  expect(verdict(5n, undefined, undefined, true)).toBe(true);
  expect(verdict(5n, false, undefined, false)).toBe(false);
});
