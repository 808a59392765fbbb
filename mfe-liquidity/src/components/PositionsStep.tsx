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
  onAdd: (position?: UserPosition) => void;
  onRemove: (position: UserPosition) => void;
  onRetry: () => void;
}

/** Step 1, LIQUIDITY: the wallet's positions on this network. */
export function PositionsStep({ network, session, positions, status, ...on }: Props) {
  const { t } = useLingui();
  return (
    <>
      <h2>{t`LIQUIDITY`}</h2>
      {session.connected ? (
        <button type="button" className="jm-button" onClick={() => on.onAdd()}>
          {t`ADD LIQUIDITY`}
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          {t`CONNECT WALLET`}
        </button>
      )}
      <h3>{t`Your liquidity`}</h3>
      {!session.connected ? (
        <p>{t`Wallet not connected`}</p>
      ) : status === 'error' ? (
        <p role="alert">
          {t`Your positions cannot be read right now.`}{' '}
          <button type="button" className="jm-link" onClick={on.onRetry}>
            {t`Retry`}
          </button>
        </p>
      ) : !positions ? (
        <p role="status">{t`Loading your liquidity...`}</p>
      ) : positions.length === 0 ? (
        <p>{t`No liquidity`}</p>
      ) : (
        <ul className="jm-lq-list" aria-label={t`Your liquidity`}>
          {positions.map((p) => (
            <PoolItem
              key={p.pair}
              network={network}
              position={p}
              onAdd={() => on.onAdd(p)}
              onRemove={() => on.onRemove(p)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
