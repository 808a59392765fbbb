import type { ReactElement } from 'react';
import type { WalletKind } from '@jmswap/shared-chain';

/**
 * Our own glyph for a wallet option that brings no logo of its own (a browser wallet that
 * announced none, the mobile wallet, the exchange's wallet, the dev wallet), so every row of the
 * chooser starts with a mark and the names line up. Drawn in the button's text colour: never a
 * wallet maker's logo, which only the wallet itself hands us (EIP-6963). Decorative: the
 * option's name says it.
 */
export function WalletGlyph({ kind }: { kind: WalletKind }) {
  return (
    <svg
      className="jm-wallet-icon"
      viewBox="0 0 24 24"
      width={24}
      height={24}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {GLYPHS[kind] ?? GLYPHS.injected}
    </svg>
  );
}

const GLYPHS: Partial<Record<WalletKind, ReactElement>> = {
  // A browser window.
  injected: (
    <>
      <rect x="3" y="4.5" width="18" height="15" rx="2.5" />
      <path d="M3 9h18M6.5 6.8h.01M9 6.8h.01" />
    </>
  ),
  // A phone.
  walletconnect: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.2h3" />
    </>
  ),
  // A diamond inside a diamond.
  binance: (
    <>
      <path d="M12 3l9 9-9 9-9-9z" />
      <path d="M12 8.5l3.5 3.5-3.5 3.5-3.5-3.5z" />
    </>
  ),
  // Angle brackets: a developer's tool.
  dev: (
    <>
      <path d="M8.5 7L3.5 12l5 5M15.5 7l5 5-5 5" />
    </>
  ),
};
