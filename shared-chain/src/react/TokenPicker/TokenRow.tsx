import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../core/amounts';
import { formatUsdValue } from '../../api/usd';
import { shortAddress } from '../../config/tokenIdentity';
import { TokenLogo } from '../components';
import type { PickerEntry } from './search';

/** Where a token comes from, as its rows and buttons say: imported here, or a list's. */
export function TokenOrigin({ token }: { token: PickerEntry['token'] }) {
  const { t } = useLingui();
  if (token.origin === 'imported')
    return <span className="jm-picker-badge jm-picker-imported">{t`imported`}</span>;
  if (token.origin === 'list') {
    const list = token.listName ?? '';
    const text = t`listed by ${list}`;
    // A long list name is cut in a narrow row; the whole of it on hover.
    return (
      <span className="jm-picker-badge" title={text}>
        {text}
      </span>
    );
  }
  return null;
}

/** Significant digits the picker's balance column shows, whole units always kept. */
const BALANCE_DIGITS = 7;

/**
 * A balance as the picker's narrow column writes it, truncated: every whole unit, and decimals
 * only while the figure stays about 7 digits long (at most 6), so a meme token's 73456789012345
 * fits a 320 px row beside its name and badges: 0.123456, 43.42373, 13870.8, 2423961.
 */
export function pickerBalance(balance: bigint, decimals: number): string {
  const wholeDigits =
    balance >= 10n ** BigInt(decimals) ? formatAmount(balance, decimals, 0).length : 0;
  const places = Math.max(0, Math.min(6, BALANCE_DIGITS - wholeDigits));
  return formatAmount(balance, decimals, Math.min(decimals, places), { dust: true });
}

/**
 * One option of the picker's listbox: logo, symbol, name, badges, the wallet's balance and what
 * it is worth.
 */
export const TokenRow = memo(function TokenRow({
  id,
  entry,
  top,
  active,
  selected,
  other,
  direct,
  balance,
  usd,
  onPick,
  onHover,
}: {
  id: string;
  entry: PickerEntry;
  top: number;
  active: boolean;
  selected: boolean;
  other: boolean;
  direct: boolean;
  balance?: bigint;
  /** What the balance is worth (10^-18 USD); undefined without a price. */
  usd?: bigint;
  onPick: () => void;
  onHover: () => void;
}) {
  const { t } = useLingui();
  const { token } = entry;
  const tax = token.tax;
  const directText = t`Direct pair available`;
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      className={`jm-picker-row${active ? ' jm-picker-active' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={onPick}
      onMouseMove={active ? undefined : onHover}
      data-token={entry.key}
    >
      {/* Its own element per token: a row drawn again for another token never shows the last
          one's logo while the new one loads. */}
      <TokenLogo key={entry.key} token={token} size={32} lazy decorative />
      {/* The symbol and the name are each their element's only child: rows are reused for other
          tokens, and a page translator's copy of a text beside other children would not change. */}
      <span className="jm-picker-names">
        <span className="jm-picker-symbol" title={token.symbol}>
          <span>{token.symbol}</span>
          {/* The space outside the labelled mark: its label replaces what is inside, and a
              screen reader read "TRXDirect pair available". */}
          {direct && ' '}
          {direct && (
            <span className="jm-direct" title={directText} aria-label={directText}>
              ⇄
            </span>
          )}
        </span>
        <span className="jm-picker-name">
          {/* On the name's line: a narrow row cuts the name, never the symbol or badges. */}
          {token.origin !== undefined && (
            <span className="jm-picker-address">{`${shortAddress(token.address)} · `}</span>
          )}
          <span>{token.name}</span>
          {other && <span className="jm-picker-muted"> · {t`the other side`}</span>}
        </span>
      </span>
      <span className="jm-picker-badges">
        {tax > 0 && <span className="jm-picker-badge jm-picker-tax">{t`tax ${tax}%`}</span>}
        {token.sellFails && (
          <span className="jm-picker-badge jm-picker-honeypot">{t`cannot be sold`}</span>
        )}
        <TokenOrigin token={token} />
      </span>
      {balance !== undefined && (
        <span className="jm-picker-figures">
          <span className="jm-picker-balance">{pickerBalance(balance, token.decimals)}</span>
          {usd !== undefined && <span className="jm-picker-usd">{formatUsdValue(usd)}</span>}
        </span>
      )}
    </div>
  );
});
