/**
 * The user's money settings: slippage tolerance and approval mode. The main site keeps the
 * user's choice in local storage; the widget takes slippage only from its host's validated
 * options (`setHostSlippage`). No query parameter reaches these values: a link must never be
 * able to set how much a swap may lose.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import { DEFAULT_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS } from '../core/constants';
import type { ApprovalMode } from '../core/validation';

export const SLIPPAGE_STORAGE_KEY = 'JMSWAP_SLIPPAGE_BPS';
export const APPROVAL_MODE_STORAGE_KEY = 'JMSWAP_APPROVAL_MODE';

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

const slippageSubject = new BehaviorSubject<number>(storedSlippage());
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

/** Test seam (not exported from the package entry): re-read storage, forget the host. */
export function reloadSettingsForTests(): void {
  hosted = false;
  slippageSubject.next(storedSlippage());
  approvalModeSubject.next(storedApprovalMode());
}
