import { useLingui } from '@lingui/react/macro';
import type { PendingTransaction } from '@jmswap/shared-chain';
import { isTransactionId } from '@jmswap/shared-chain/swap';

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
      {/* One paragraph per state (keyed): a page translator swaps the texts for its own, and React
          taking "Sent." out of a paragraph it keeps would throw (the swap box would crash). */}
      {pending.status === 'wallet' ? (
        <p key="wallet" role="status" className="jm-pending">
          {t`Confirm or reject the request in your wallet.`}
        </p>
      ) : (
        <p key="chain" role="status" className="jm-pending">
          <span>{t`Sent.`}</span>{' '}
          {/* A wallet's answer that is no transaction id links nowhere an explorer knows. */}
          {isTransactionId(pending.txid) && (
            <a href={`${explorer}${pending.txid}`} target="_blank" rel="noreferrer">
              {t`View the transaction`}
            </a>
          )}
        </p>
      )}
    </>
  );
}
