import { useLingui } from '@lingui/react/macro';
import type { PendingTransaction } from '@jmswap/shared-chain';

/**
 * In place of SWAP while the account's transaction is open: nothing can be sent twice, and the
 * user sees where it is. No timer re-enables SWAP; only the transaction settling or failing does.
 */
export function PendingSend({
  pending,
  explorer,
}: {
  pending: PendingTransaction;
  explorer: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <button type="button" className="jm-button" disabled>
        {pending.status === 'wallet' ? t`Waiting for your wallet` : t`Confirming on chain`}
      </button>
      <p role="status" className="jm-pending">
        {pending.status === 'wallet' ? (
          t`Confirm or reject the request in your wallet.`
        ) : (
          <>
            {t`Sent.`}{' '}
            <a href={`${explorer}${pending.txid}`} target="_blank" rel="noreferrer">
              {t`View the transaction`}
            </a>
          </>
        )}
      </p>
    </>
  );
}
