/**
 * The user's money settings: slippage tolerance, approval mode and the transaction deadline. The main site keeps the
 * user's choice in local storage; the widget takes slippage only from its host's validated
 * options (`setHostSlippage`). No query parameter reaches these values: a link must never be
 * able to set how much a swap may lose.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import { DEADLINE_SECONDS, DEFAULT_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS } from '../core/constants';
import type { ApprovalMode } from '../core/validation';

export const SLIPPAGE_STORAGE_KEY = 'JMSWAP_SLIPPAGE_BPS';
export const APPROVAL_MODE_STORAGE_KEY = 'JMSWAP_APPROVAL_MODE';
export const DEADLINE_STORAGE_KEY = 'JMSWAP_DEADLINE_MINUTES';

/** The transaction deadline's bounds and default (the spec's 5 minutes), in minutes. */
export const MIN_DEADLINE_MINUTES = 1;
export const MAX_DEADLINE_MINUTES = 180;
export const DEFAULT_DEADLINE_MINUTES = DEADLINE_SECONDS / 60;

/** A deadline the settings accept: a whole number of minutes, 1 to 180. */
export function isValidDeadlineMinutes(minutes: unknown): minutes is number {
  return (
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= MIN_DEADLINE_MINUTES &&
    minutes <= MAX_DEADLINE_MINUTES
  );
}

/** A slippage the swap box accepts: a whole number of basis points, 0.01% to 50%. */
export function isValidSlippageBps(bps: unknown): bps is number {
  return typeof bps === 'number' && Number.isInteger(bps) && bps > 0 && bps <= MAX_SLIPPAGE_BPS;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage disabled by the browser: settings live for the page only
  }
}

function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the value still applies to this page
  }
}

function storedSlippage(): number {
  const raw = readStored(SLIPPAGE_STORAGE_KEY);
  const bps = raw === null ? NaN : Number(raw);
  return isValidSlippageBps(bps) ? bps : DEFAULT_SLIPPAGE_BPS;
}

function storedApprovalMode(): ApprovalMode {
  return readStored(APPROVAL_MODE_STORAGE_KEY) === 'exact' ? 'exact' : 'max';
}

function storedDeadline(): number {
  const raw = readStored(DEADLINE_STORAGE_KEY);
  const minutes = raw === null ? NaN : Number(raw);
  return isValidDeadlineMinutes(minutes) ? minutes : DEFAULT_DEADLINE_MINUTES;
}

const slippageSubject = new BehaviorSubject<number>(storedSlippage());
const deadlineSubject = new BehaviorSubject<number>(storedDeadline());
const approvalModeSubject = new BehaviorSubject<ApprovalMode>(storedApprovalMode());
/** Set once a widget host gave its options: from then on nothing is written to the site's storage. */
let hosted = false;

/** The slippage in force (basis points): the user's, or the widget host's. */
export const slippageBps$: Observable<number> = slippageSubject.asObservable();
export const getSlippageBps = (): number => slippageSubject.getValue();

/**
 * The user's choice in the settings panel. Invalid values are refused (returns false). On the
 * main site it is remembered; inside the widget it applies to this page only.
 */
export function setSlippageBps(bps: number): boolean {
  if (!isValidSlippageBps(bps)) return false;
  if (!hosted) writeStored(SLIPPAGE_STORAGE_KEY, String(bps));
  if (slippageSubject.getValue() !== bps) slippageSubject.next(bps);
  return true;
}

/** The widget host's `slippage` option, already parsed from a validated JMSetOptions message. */
export function setHostSlippage(bps: number): boolean {
  if (!isValidSlippageBps(bps)) return false;
  hosted = true;
  if (slippageSubject.getValue() !== bps) slippageSubject.next(bps);
  return true;
}

/** Maximum: approve the router once for everything; exact: approve each amount. */
export const approvalMode$: Observable<ApprovalMode> = approvalModeSubject.asObservable();
export const getApprovalMode = (): ApprovalMode => approvalModeSubject.getValue();

export function setApprovalMode(mode: ApprovalMode): void {
  if (mode !== 'max' && mode !== 'exact') return;
  if (!hosted) writeStored(APPROVAL_MODE_STORAGE_KEY, mode);
  if (approvalModeSubject.getValue() !== mode) approvalModeSubject.next(mode);
}

/** Minutes a swap or liquidity send stays valid after it is built (1-180; default 5). */
export const deadlineMinutes$: Observable<number> = deadlineSubject.asObservable();
export const getDeadlineMinutes = (): number => deadlineSubject.getValue();

/** The user's deadline; invalid values are refused (false). Remembered on the main site. */
export function setDeadlineMinutes(minutes: number): boolean {
  if (!isValidDeadlineMinutes(minutes)) return false;
  if (!hosted) writeStored(DEADLINE_STORAGE_KEY, String(minutes));
  if (deadlineSubject.getValue() !== minutes) deadlineSubject.next(minutes);
  return true;
}

/**
 * Another tab of the site changed a setting: this page uses it too, so a slippage lowered in one
 * tab is the one every tab's next swap is built with (and shows). Any key's change re-reads all
 * three: the same value again changes no screen.
 */
function onStorage(): void {
  if (hosted) return;
  slippageSubject.next(storedSlippage());
  deadlineSubject.next(storedDeadline());
  approvalModeSubject.next(storedApprovalMode());
}
globalThis.addEventListener?.('storage', onStorage);

/** The deadline (unix seconds) a send built now carries: now + the user's minutes. */
export const deadlineFromNow = (nowMs: number = Date.now()): bigint =>
  BigInt(Math.floor(nowMs / 1000) + getDeadlineMinutes() * 60);

/** Test seam (not exported from the package entry): re-read storage, forget the host. */
export function reloadSettingsForTests(): void {
  hosted = false;
  slippageSubject.next(storedSlippage());
  approvalModeSubject.next(storedApprovalMode());
  deadlineSubject.next(storedDeadline());
}
