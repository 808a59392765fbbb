import { BehaviorSubject } from 'rxjs';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ChainError, Modal, showToast, useObservable } from '@jmswap/shared-chain';
import { isWalletChoiceNeeded, type BrowserWalletInfo } from '@jmswap/shared-chain/wallet-help';
import { connectWallet } from '../services/wallet';
import { WalletGlyph } from '../layout/WalletGlyph';

const CONNECT_FAILED = msg`Your wallet did not connect. Try again.`;

/** The host page's wallets the visitor picks from (several in that page), while the dialog is open. */
const offered$ = new BehaviorSubject<BrowserWalletInfo[] | undefined>(undefined);

/**
 * Connects the host page's wallet (`rdns`: the one the visitor picked). A host with several
 * wallets offers them first: the dialog below opens with them. Failures are said in the widget,
 * not only to the host's onError; a declined connect was said by connectWallet already.
 */
export function connectHostWallet(rdns?: string): void {
  connectWallet('widget', rdns).catch((error: unknown) => {
    if (isWalletChoiceNeeded(error)) {
      offered$.next(error.wallets);
      return;
    }
    console.error('[widget] connect failed', error);
    showToast('error', error instanceof ChainError ? error.message : CONNECT_FAILED);
  });
}

/** The host page's wallets by name and logo, as the site's own chooser offers them. */
export function HostWalletChooser() {
  const { t } = useLingui();
  const wallets = useObservable(offered$, offered$.getValue());
  if (!wallets) return null;
  const close = () => offered$.next(undefined);
  const title = t`Connect a wallet`;
  return (
    <Modal label={title} onClose={close} closeOnBackdrop>
      <h3>{title}</h3>
      {wallets.map(({ rdns, name, icon }) => (
        <button
          key={rdns}
          type="button"
          className="jm-button jm-wallet-option jm-wallet-choice"
          onClick={() => {
            close();
            connectHostWallet(rdns);
          }}
        >
          {/* The wallet's own logo (a checked data: image): decorative, its name says it. */}
          {icon ? (
            <img className="jm-wallet-icon" src={icon} alt="" width={24} height={24} />
          ) : (
            <WalletGlyph kind="injected" />
          )}
          {t`Browser wallet (${name})`}
        </button>
      ))}
      <button type="button" className="jm-link" onClick={close}>
        {t`Cancel`}
      </button>
    </Modal>
  );
}
