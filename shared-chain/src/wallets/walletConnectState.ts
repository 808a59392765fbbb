/**
 * What the page shows of a WalletConnect session without loading WalletConnect: the pairing
 * the QR dialog offers, and whether the relay carries the session right now. The connector
 * (adapters/evm/walletconnect.ts, loaded when the mobile wallet is chosen) feeds them.
 */
import { BehaviorSubject } from 'rxjs';

/** A connect waiting for the phone: the `wc:` URI the QR code and the copy button carry. */
export const walletConnectPairing$ = new BehaviorSubject<{ uri: string } | undefined>(undefined);

/**
 * 'unreachable' while the connection to the relay is down during a session: requests wait (the
 * relay keeps them), the page says so, and it reconnects by itself.
 */
export const walletConnectLink$ = new BehaviorSubject<'ok' | 'unreachable'>('ok');

let cancelPairing: (() => void) | undefined;

/** The connector's way to stop a pairing the user closed (undefined: none waiting). */
export function onPairingCancelled(cancel: (() => void) | undefined): void {
  cancelPairing = cancel;
}

/** The user closed the QR dialog: the connect ends as declined. */
export function cancelWalletConnectPairing(): void {
  const cancel = cancelPairing;
  cancelPairing = undefined;
  walletConnectPairing$.next(undefined);
  cancel?.();
}
