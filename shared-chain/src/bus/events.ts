import { Subject } from 'rxjs';
import { ERROR_TOAST_MS, WALLET_TOAST_MS } from '../core/constants';
import type { MessageDescriptor } from '@lingui/core';
import { localText } from '../core/errors';
import { i18n } from '../i18n/setup';

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
  /** For the operators (the shell posts it to the api's client reports): no user data in it. */
  | { type: 'operatorReport'; kind: 'node'; cause: string }
  | { type: 'WALLET_CONNECTED'; address: string; wallet: string };

export const appEvents$ = new Subject<AppEvent>();

/**
 * What a toast, popup or loading line says: a message (shown in the language in force) or a
 * text made in it already. An English text of the error catalogue (what ChainError, SwapError
 * and the validations carry, since code compares them) is still shown in the language in force.
 */
export type ShownText = MessageDescriptor | string;
const shown = (text: ShownText): string =>
  typeof text === 'string' ? localText(text) : i18n._(text);

export const emit = (event: AppEvent): void => appEvents$.next(event);

/** A toast; `link`: a link inside its message (opens in a new tab), e.g. where to buy energy. */
export const showToast = (
  kind: ToastKind,
  text: ShownText,
  durationMs?: number,
  link?: { href: string; label: ShownText },
): void =>
  emit({
    type: 'toast',
    kind,
    text: shown(text),
    durationMs: durationMs ?? (kind === 'error' ? ERROR_TOAST_MS : WALLET_TOAST_MS),
    ...(link ? { link: { href: link.href, label: shown(link.label) } } : {}),
  });
export const showPopup = (
  title: ShownText,
  body: ShownText,
  icon?: 'success' | 'error' | 'info',
): void => emit({ type: 'popup', title: shown(title), body: shown(body), icon });
export const setLoading = (on: boolean, text?: ShownText): void =>
  emit({ type: 'loading', on, text: text === undefined ? undefined : shown(text) });
export const trackEvent = (name: string, payload?: Record<string, unknown>): void =>
  emit({ type: 'analytics', name, payload });
export const requestWalletConnect = (): void => emit({ type: 'connectWalletRequested' });
