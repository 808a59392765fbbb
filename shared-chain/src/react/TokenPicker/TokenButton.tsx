import { forwardRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TokenConfig } from '../../config/types';
import { shortAddress } from '../../core/tokenText';
import { TokenLogo } from '../components';

/**
 * The button a token picker opens from: the token's logo and symbol (and, for a token that is
 * not listed, its short address and the "imported" mark), the direct-pair icon.
 */
export const TokenButton = forwardRef<
  HTMLButtonElement,
  {
    label: string;
    token?: TokenConfig;
    /** The token's key (its symbol, or its address when not listed), for tests and analytics. */
    tokenKey?: string;
    direct?: boolean;
    onClick: () => void;
  }
>(function TokenButton({ label, token, tokenKey, direct, onClick }, ref) {
  const { t } = useLingui();
  const shown = token
    ? token.origin === undefined
      ? token.symbol
      : `${token.symbol} ${shortAddress(token.address)}`
    : t`select a token`;
  const directText = t`Direct pair available`;
  return (
    <button
      ref={ref}
      type="button"
      className="jm-token"
      aria-haspopup="dialog"
      aria-label={t`${label}: ${shown}`}
      onClick={onClick}
      data-testid="token-button"
      data-token={token ? tokenKey : undefined}
    >
      {/* The button's label names the token: the logo is not read out again. */}
      {token && <TokenLogo token={token} decorative />}{' '}
      {/* A long symbol is cut with an ellipsis (its whole text is the title and the label). */}
      <span className="jm-token-symbol" title={token?.symbol}>
        {token?.symbol ?? t`Select`}
      </span>
      {token && token.origin !== undefined && (
        <span className="jm-token-address">
          {`${shortAddress(token.address)}${token.origin === 'imported' ? ` · ${t`imported`}` : ''}`}
        </span>
      )}
      {token && direct && (
        <span className="jm-direct" title={directText} aria-label={directText}>
          ⇄
        </span>
      )}
    </button>
  );
});
