import { Subject } from 'rxjs';
import { ERROR_TOAST_MS, WALLET_TOAST_MS } from '../core/constants';
import { localText } from '../core/errors';

export type ToastKind = 'success' | 'error' | 'info';

/** App-wide events: the shell renders toasts, popups, the loading overlay and the wallet chooser. */
export type AppEvent =
  | {
      type: 'toast';
      kind: ToastKind;
      text: string;
      durationMs?: number;
      wallet?: boolean;
      link?: { href: string; label: string };
    }
  | { type: 'popup'; title: string; body: string; icon?: 'success' | 'error' | 'info' }
  | { type: 'loading'; on: boolean; text?: string }
  | { type: 'connectWalletRequested' }
  | { type: 'analytics'; name: string; payload?: Record<string, unknown> }
  | { type: 'loggedOut' }
  | { type: 'WALLET_CONNECTED'; address: string; wallet: string };

export const appEvents$ = new Subject<AppEvent>();

export const emit = (event: AppEvent): void => appEvents$.next(event);

export const showToast = (kind: ToastKind, text: string, durationMs?: number): void =>
  emit({
    type: 'toast',
    kind,
    text: localText(text),
    durationMs: durationMs ?? (kind === 'error' ? ERROR_TOAST_MS : WALLET_TOAST_MS),
  });
export const showPopup = (title: string, body: string, icon?: 'success' | 'error' | 'info'): void =>
  emit({ type: 'popup', title: localText(title), body: localText(body), icon });
export const setLoading = (on: boolean, text?: string): void =>
  emit({ type: 'loading', on, text: text && localText(text) });
export const trackEvent = (name: string, payload?: Record<string, unknown>): void =>
  emit({ type: 'analytics', name, payload });
export const requestWalletConnect = (): void => emit({ type: 'connectWalletRequested' });
