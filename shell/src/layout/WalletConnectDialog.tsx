import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { create } from 'qrcode';
import { Modal, useObservable } from '@jmswap/shared-chain';
import { cancelWalletConnectPairing, walletConnectPairing$ } from '@jmswap/shared-chain';
import { isPhoneBrowser } from '@jmswap/shared-chain/wallet-help';
import { walletArea } from './walletArea';

/** The QR code as one SVG path, with the four-module quiet zone scanners need. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++)
        if (modules.get(x, y)) squares.push(['M', x + 4, y + 4, 'h1v1h-1z'].join(' '));
    return { size: modules.size + 8, path: squares.join('') };
  }, [text]);
  return (
    <svg
      className="jm-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} className="jm-qr-light" />
      <path d={path} className="jm-qr-dark" />
    </svg>
  );
}

/**
 * The mobile wallet's pairing: a QR code to scan with the phone, the same link to copy, and on
 * a phone a button that hands it to the wallet app. Open while a connect waits for the wallet;
 * closing it ends that connect.
 */
export function WalletConnectDialog() {
  const { t } = useLingui();
  const pairing = useObservable(walletConnectPairing$, walletConnectPairing$.getValue());
  const [copied, setCopied] = useState(false);
  const uri = pairing?.uri;

  useEffect(() => setCopied(false), [uri]);

  if (!uri) return null;
  const title = t`Connect your mobile wallet`;
  const copy = () =>
    void navigator.clipboard
      ?.writeText(uri)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <Modal
      label={title}
      onClose={cancelWalletConnectPairing}
      closeOnBackdrop
      returnFocus={walletArea}
      className="jm-walletconnect"
    >
      <h3>{title}</h3>
      <p className="jm-muted">{t`Scan this code with a WalletConnect wallet on your phone, then approve the connection there.`}</p>
      {isPhoneBrowser() && (
        <a href={uri} className="jm-button jm-wallet-option" data-testid="open-wallet-app">
          {t`Open in wallet app`}
        </a>
      )}
      <QrCode text={uri} label={t`WalletConnect QR code`} />
      <div className="jm-walletconnect-link">
        <input
          readOnly
          value={uri}
          aria-label={t`WalletConnect link`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="jm-button" onClick={copy} data-autofocus>
          {copied ? t`Copied` : t`Copy link`}
        </button>
      </div>
      <button type="button" className="jm-link" onClick={cancelWalletConnectPairing}>
        {t`Cancel`}
      </button>
    </Modal>
  );
}
