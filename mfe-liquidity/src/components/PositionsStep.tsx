import { memo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { requestWalletConnect, type NetworkConfig, type WalletSession } from '@jmswap/shared-chain';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import type { PositionsStatus } from '../usePositions';
import { PoolItem } from './PoolItem';

interface Props {
  network: NetworkConfig;
  session: WalletSession;
  positions?: UserPosition[];
  status: PositionsStatus;
  /** The panel's last read of a pool found no node: the positions shown may be out of date. */
  unreachable?: boolean;
  onAdd: (position?: UserPosition) => void;
  onRemove: (position: UserPosition) => void;
  onRetry: () => void;
}

/** Step 1, LIQUIDITY: the wallet's positions on this network. */
export function PositionsStep({ network, session, positions, status, unreachable, ...on }: Props) {
  const { t } = useLingui();
  const shown = positions?.length ?? 0;
  return (
    <>
      <h2>{t`LIQUIDITY`}</h2>
      {session.connected ? (
        <button type="button" className="jm-button" onClick={() => on.onAdd()}>
          {t`ADD LIQUIDITY`}
        </button>
      ) : session.restoring ? (
        <button type="button" className="jm-button" disabled aria-busy="true">
          {t`Connecting wallet…`}
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          {t`CONNECT WALLET`}
        </button>
      )}
      <h3>{t`Your liquidity`}</h3>
      {session.restoring && !session.connected ? (
        <p role="status">{t`Connecting wallet…`}</p>
      ) : !session.connected ? (
        <p>{t`Wallet not connected`}</p>
      ) : !positions?.length ? (
        status === 'error' ? (
          <RetryLine text={t`Your positions cannot be read right now.`} onRetry={on.onRetry} />
        ) : status === 'ready' ? (
          <p>{t`No liquidity`}</p>
        ) : (
          <p role="status">{t`Loading your liquidity...`}</p>
        )
      ) : (
        <>
          {unreachable && (
            <p role="status" className="jm-warning">
              {t`Network unreachable: these figures may be out of date.`}
            </p>
          )}
          <ul
            className="jm-lq-list"
            aria-label={t`Your liquidity`}
            aria-busy={status === 'loading' || undefined}
          >
            {positions.map((p) => (
              <PositionRow
                key={p.pair}
                network={network}
                position={p}
                onAdd={on.onAdd}
                onRemove={on.onRemove}
              />
            ))}
          </ul>
          {status === 'loading' && (
            <p role="status">{t`Loading more positions... ${shown} shown`}</p>
          )}
          {status === 'error' && (
            <RetryLine
              text={t`Not every position could be read: ${shown} shown.`}
              onRetry={on.onRetry}
            />
          )}
        </>
      )}
    </>
  );
}

/** A row drawn once per position: the list grows page by page without drawing its rows again. */
const PositionRow = memo(function PositionRow({
  network,
  position,
  onAdd,
  onRemove,
}: Pick<Props, 'network' | 'onAdd' | 'onRemove'> & { position: UserPosition }) {
  return (
    <PoolItem
      network={network}
      position={position}
      onAdd={() => onAdd(position)}
      onRemove={() => onRemove(position)}
    />
  );
});

function RetryLine({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <p role="alert">
      {text}{' '}
      <button type="button" className="jm-link" onClick={onRetry}>
        {t`Retry`}
      </button>
    </p>
  );
}
