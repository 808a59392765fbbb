/**
 * Allowances to the exchange's routers (the "Approvals" view), the pure part: which
 * (token, spender) pairs to read, how an amount reads, and when a token needs approve(0) before
 * a new non-zero approval (checklist item 17), judged from two simulated approvals.
 */
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../i18n/setup';
import { UNLIMITED_ALLOWANCE_THRESHOLD } from './constants';
import { significantAmountText } from './amounts';

/** A router the user may have approved, named in the product's words. */
export interface Spender {
  address: string;
  name: string;
}

// The view gets these in the language in force when the list is read; English for tests.
const SWAP_ROUTER = msg`Swap router`;
const LIQUIDITY_ROUTER = msg`Liquidity router`;
const UNLIMITED_TEXT = msg`Unlimited`;
export const SWAP_ROUTER_NAME = SWAP_ROUTER.message as string;
export const LIQUIDITY_ROUTER_NAME = LIQUIDITY_ROUTER.message as string;
export const UNLIMITED = UNLIMITED_TEXT.message as string;

/** The view's error state: no node of the network answered. */
export const allowancesUnreadableText = (networkName: string): string =>
  t`Approvals could not be read: no ${networkName} node answers. Check your connection, then try again.`;

/** One allowance to read: a token (its address) towards a router. */
export interface AllowanceTarget {
  token: string;
  spender: Spender;
  /** Known to the network config (else only hinted by the API's indexed Approval events). */
  configured: boolean;
}

/** EVM addresses compare without case (checksums); TRON base58 exactly. */
export function sameAddress(a: string, b: string): boolean {
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** ROUTER_ADDRESS and, where it is another contract, LIQUIDITY_ROUTER (unset ones left out). */
export function routerSpenders(exchange: {
  ROUTER_ADDRESS: string;
  LIQUIDITY_ROUTER: string;
}): Spender[] {
  const out: Spender[] = [];
  if (exchange.ROUTER_ADDRESS !== '')
    out.push({ address: exchange.ROUTER_ADDRESS, name: i18n._(SWAP_ROUTER) });
  if (
    exchange.LIQUIDITY_ROUTER !== '' &&
    !sameAddress(exchange.LIQUIDITY_ROUTER, exchange.ROUTER_ADDRESS)
  )
    out.push({ address: exchange.LIQUIDITY_ROUTER, name: i18n._(LIQUIDITY_ROUTER) });
  return out;
}

/**
 * Every configured token (its address) towards every router, then the API's hints for tokens the
 * config does not list; a hint towards another spender, or a repeat, is left out.
 */
export function allowanceTargets(
  configured: readonly string[],
  hints: readonly { token: string; spender: string }[],
  spenders: readonly Spender[],
): AllowanceTarget[] {
  const out: AllowanceTarget[] = [];
  const known = (token: string, spender: Spender) =>
    out.some((t) => sameAddress(t.token, token) && t.spender === spender);
  for (const token of configured) {
    for (const spender of spenders) {
      if (!known(token, spender)) out.push({ token, spender, configured: true });
    }
  }
  for (const hint of hints) {
    const spender = spenders.find((s) => sameAddress(s.address, hint.spender));
    if (spender && !known(hint.token, spender))
      out.push({ token: hint.token, spender, configured: false });
  }
  return out;
}

/** How a pool's LP token is named in the view: "BNB/JM LP" (pool tokens have 18 decimals). */
export const lpTokenName = (pool: { symbolA: string; symbolB: string }): string =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- symbols and "LP" are names
  `${pool.symbolA}/${pool.symbolB} LP`;

/**
 * "Unlimited" from 2^255 up (what maximum-mode approvals leave) or above the token's whole supply
 * when known (Permit2's 2^160-1, a uint96 token's cap: the spender can take every token the
 * wallet could hold, as Revoke.cash counts it), else the amount in token units: a TRON pair's
 * pool tokens or a dust allowance never read "0" beside a Revoke button.
 */
export function allowanceText(amount: bigint, decimals: number, totalSupply?: bigint): string {
  const unlimited =
    amount >= UNLIMITED_ALLOWANCE_THRESHOLD || (totalSupply !== undefined && amount > totalSupply);
  return unlimited ? i18n._(UNLIMITED_TEXT) : significantAmountText(amount, decimals);
}

/**
 * Whether approve(0) must go first: only when the current allowance is not zero, the simulated
 * approve(spender, new) was refused and the simulated approve(spender, 0) accepted (a USDT-style
 * token). A token that refuses both is left to fail with its own reason. When a simulation could
 * not run (`undefined`: no node answered), the config's `approveResetRequired` flag decides.
 */
export function approveResetNeeded(input: {
  current: bigint;
  newAccepted: boolean | undefined;
  zeroAccepted: boolean | undefined;
  flagged: boolean;
}): boolean {
  const { current, newAccepted, zeroAccepted, flagged } = input;
  if (current === 0n || newAccepted === true) return false;
  if (newAccepted === undefined || zeroAccepted === undefined) return flagged;
  return zeroAccepted;
}
