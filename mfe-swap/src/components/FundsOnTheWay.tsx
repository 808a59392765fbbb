import { useLingui } from '@lingui/react/macro';
import { formatAmount, TokenLogo, type TokenConfig } from '@jmswap/shared-chain';

export interface CompletedSwap {
  txid: string;
  from: TokenConfig;
  to: TokenConfig;
  amountIn: bigint;
  amountOut: bigint;
}

interface Props {
  swap: CompletedSwap;
  explorer: string;
  /** Offered on TronLink for tokens that allow it (canAddToken). */
  onAddToken?: () => void;
  onClose: () => void;
}

/** The success popup: both amounts, the transaction linked to the explorer. */
export function FundsOnTheWay({ swap, explorer, onAddToken, onClose }: Props) {
  const { t } = useLingui();
  const title = t`FUNDS ON THE WAY`;
  const symbol = swap.to.symbol;
  return (
    <div className="jm-modal-backdrop">
      <div role="dialog" aria-label={title} className="jm-modal">
        <h3>{title}</h3>
        <p className="jm-swap-amounts">
          <TokenLogo token={swap.from} />{' '}
          <span data-testid="sent">
            {formatAmount(swap.amountIn, swap.from.decimals)} {swap.from.symbol}
          </span>
          {' → '}
          <TokenLogo token={swap.to} />{' '}
          <span data-testid="received">
            {formatAmount(swap.amountOut, swap.to.decimals)} {swap.to.symbol}
          </span>
        </p>
        <p>
          {t`Transaction:`}{' '}
          <a href={`${explorer}${swap.txid}`} target="_blank" rel="noreferrer" data-testid="txid">
            {swap.txid.slice(0, 10)}…{swap.txid.slice(-8)}
          </a>
        </p>
        {onAddToken && (
          <button type="button" className="jm-link" onClick={onAddToken}>
            {t`Add ${symbol} to TronLink`}
          </button>
        )}
        <p className="jm-muted">
          {t`The transaction is being confirmed on-chain. Your tokens are swapped after confirmation.`}
        </p>
        <button type="button" className="jm-button" onClick={onClose}>
          {t`CLOSE`}
        </button>
      </div>
    </div>
  );
}
