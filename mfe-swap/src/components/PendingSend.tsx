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
  return (
    <>
      <button type="button" className="jm-button" disabled>
        {pending.status === 'wallet' ? 'Waiting for your wallet' : 'Confirming on chain'}
      </button>
      <p role="status" className="jm-pending">
        {pending.status === 'wallet' ? (
          'Confirm or reject the request in your wallet.'
        ) : (
          <>
            Sent.{' '}
            <a href={`${explorer}${pending.txid}`} target="_blank" rel="noreferrer">
              View the transaction
            </a>
          </>
        )}
      </p>
    </>
  );
}
