import { useLingui } from '@lingui/react/macro';
import { shareText } from '../form/share';
import {
  TokenLogo,
  formatAmount,
  lpTokensText,
  hasCharts,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import { tokenParam } from '@jmswap/shared-chain/tokens';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import { AppLink } from '@jmswap/shared-chain/links';

interface Props {
  network: NetworkConfig;
  position: UserPosition;
  onAdd?: () => void;
  onRemove?: () => void;
}

/** One position: both logos, the pair, a chart link (not on ETH), its amounts, pool tokens and share. */
export function PoolItem({ network, position, onAdd, onRemove }: Props) {
  const { t } = useLingui();
  // Keys: a listed token's symbol, any other token's address (shown by its symbol).
  const a = network.tokens[position.symbolA];
  const b = network.tokens[position.symbolB];
  const symbolA = a?.symbol ?? position.symbolA;
  const symbolB = b?.symbol ?? position.symbolB;
  const param = (key: string) => encodeURIComponent(tokenParam(network, key));
  const chart = `/charts?n=${network.id}&symbolA=${param(position.symbolA)}&symbolB=${param(position.symbolB)}`;
  return (
    <li className="jm-lq-item" aria-label={t`${symbolA}/${symbolB} pool`} data-pair={position.pair}>
      <p className="jm-lq-title">
        {a && <TokenLogo token={a} decorative />}
        {b && <TokenLogo token={b} decorative />}
        <strong>{`${symbolA}/${symbolB}`}</strong>
        {hasCharts(network.id) && (
          <AppLink href={chart} className="jm-chart-link">
            {t`Chart`}
          </AppLink>
        )}
      </p>
      <dl className="jm-lq-figures">
        <dt>{symbolA}</dt>
        <dd>{formatAmount(position.valueA, a?.decimals ?? 18, 6, { dust: true })}</dd>
        <dt>{symbolB}</dt>
        <dd>{formatAmount(position.valueB, b?.decimals ?? 18, 6, { dust: true })}</dd>
        <dt>{t`Pool tokens`}</dt>
        <dd data-testid="pool-tokens" data-value={position.userLiquidity.toString()}>
          {lpTokensText(position.userLiquidity)}
        </dd>
        <dt>{t`Pool share`}</dt>
        <dd>{shareText(position.userShareBps, position.userLiquidity > 0n)}%</dd>
      </dl>
      {(onAdd || onRemove) && (
        <p className="jm-lq-actions">
          {onAdd && (
            <button
              type="button"
              className="jm-button jm-small"
              aria-label={t`ADD LIQUIDITY ${symbolA}/${symbolB}`}
              onClick={onAdd}
            >
              {t`ADD LIQUIDITY`}
            </button>
          )}
          {onRemove && (
            <button
              type="button"
              className="jm-button jm-small"
              aria-label={t`REMOVE LIQUIDITY ${symbolA}/${symbolB}`}
              onClick={onRemove}
            >
              {t`REMOVE LIQUIDITY`}
            </button>
          )}
        </p>
      )}
    </li>
  );
}
