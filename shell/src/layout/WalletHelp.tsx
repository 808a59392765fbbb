import { useLingui } from '@lingui/react/macro';
import type { Platform } from '@jmswap/shared-chain';
import {
  isPhoneBrowser,
  isWalletInjected,
  metaMaskOpenUrl,
  tronLinkOpenUrl,
  type WalletProblem,
} from '@jmswap/shared-chain/wallet-help';

/**
 * Takes the keyboard's focus as it is drawn: it replaces the control that had it (the chosen
 * wallet's option, or the waiting note), which would leave the focus on the page behind the dialog.
 */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** What went wrong with the chosen wallet and what to do: install link, wallets found. */
export function WalletProblemNote({ problem }: { problem: WalletProblem }) {
  const { t } = useLingui();
  const found = problem.found.join(', ');
  return (
    <div
      role="alert"
      className="jm-wallet-problem"
      data-wallet-problem={problem.kind}
      tabIndex={-1}
      ref={focusOnMount}
    >
      <p>
        <strong>{problem.message}</strong>
      </p>
      {problem.detail && <p className="jm-muted">{problem.detail}</p>}
      {problem.found.length > 0 && (
        <p className="jm-muted">{t`Wallets found in this browser: ${found}`}</p>
      )}
      {problem.install && (
        <a href={problem.install.href} target="_blank" rel="noreferrer" className="jm-link">
          {problem.install.label}
        </a>
      )}
    </div>
  );
}

/** True on a phone's own browser, where no wallet is injected and apps must open the page. */
export function needsWalletApp(platform: Platform): boolean {
  if (!isPhoneBrowser()) return false;
  return !isWalletInjected(platform === 'tron' ? 'tronlink' : 'injected');
}

/** "Open in TronLink" / "Open in MetaMask": this page in the wallet app's own browser. */
export function OpenInWalletApp({ platform }: { platform: Platform }) {
  const { t } = useLingui();
  const here = window.location.href;
  const [label, href] =
    platform === 'tron'
      ? [t`Open in TronLink`, tronLinkOpenUrl(here)]
      : [t`Open in MetaMask`, metaMaskOpenUrl(here)];
  return (
    <a href={href} className="jm-button jm-wallet-option" data-testid="open-in-wallet">
      {label}
    </a>
  );
}

/** The chosen wallet is being asked: it may show its own window, or want unlocking first. */
export function WalletPending({ name }: { name: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className="jm-wallet-pending" tabIndex={-1} ref={focusOnMount}>
      <span className="jm-spinner" aria-hidden="true" />
      <div>
        <p>
          <strong>{t`Connecting to ${name}…`}</strong>
        </p>
        <p className="jm-muted">{t`Approve the connection in your wallet. A locked wallet asks for its password first.`}</p>
      </div>
    </div>
  );
}
