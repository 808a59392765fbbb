import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig, NetworkId } from '../config/types';
import { formatAmount } from '../core/amounts';
import { isTransactionId } from '../core/transactionId';
import { loadRecentTransactions } from '../singleton';
import { Modal } from './Modal';

/**
 * About three of the network's blocks: past this a confirmation is slower than usual and the
 * popup says so (and offers Speed up on EVM, as Recent transactions does once a send is stuck).
 */
export const USUAL_CONFIRMATION_MS: Readonly<Record<NetworkId, number>> = {
  TRON: 10_000,
  BSC: 10_000,
  POLY: 15_000,
  BTTC: 10_000,
  ETH: 40_000,
};

/**
 * A send from the moment the wallet returned its id: on its way ("confirming"), then mined
 * ("confirmed", or "failed" with the chain's reason), with the fee it cost once known.
 */
export type SentTransaction =
  | { status: 'confirming'; txid: string; sentAt: number }
  | { status: 'confirmed'; txid: string; fee?: bigint }
  | { status: 'failed'; txid: string; fee?: bigint; reason: string };

/** The success (or failure) of a send as a popup's lines: its state, the explorer link, the fee. */
export function SendProgress({
  network,
  sent,
  onSpedUp,
}: {
  network: NetworkConfig;
  sent: SentTransaction;
  /** A Speed up sent: the new transaction's id (the send then settles under it). */
  onSpedUp?: (txid: string) => void;
}) {
  const { t } = useLingui();
  const slow = useSlow(network.id, sent);
  const base = network.tokens[network.baseToken];
  const fee =
    sent.status !== 'confirming' && sent.fee !== undefined && base
      ? `${formatAmount(sent.fee, base.decimals, 6, { dust: true })} ${base.symbol}`
      : undefined;
  const seconds = Math.round(USUAL_CONFIRMATION_MS[network.id] / 1000);
  const name = network.name;
  const known = isTransactionId(sent.txid);
  return (
    <div className="jm-send-progress" data-status={sent.status}>
      <p role="status" className="jm-send-status" data-testid="send-status">
        {sent.status === 'confirming'
          ? t`Confirming…`
          : sent.status === 'confirmed'
            ? t`Confirmed`
            : t`Failed`}
      </p>
      {sent.status === 'failed' && (
        <p className="jm-impact-danger" data-testid="send-failure">
          {sent.reason}
        </p>
      )}
      {fee !== undefined && (
        <p className="jm-muted" data-testid="send-fee">
          {t`Network fee: ${fee}`}
        </p>
      )}
      {known ? (
        <p key="id">
          {t`Transaction:`}{' '}
          <a
            href={`${network.scan}${sent.txid}`}
            target="_blank"
            rel="noreferrer"
            data-testid="txid"
          >
            {sent.txid.slice(0, 10)}…{sent.txid.slice(-8)}
          </a>
        </p>
      ) : (
        <p key="no-id" className="jm-muted" data-testid="txid-unknown">
          {t`Transaction: your wallet did not give its id; looking for it on ${name}…`}
        </p>
      )}
      {slow && (
        <div role="alert" className="jm-warning" data-testid="send-slow">
          {t`This is taking longer than usual on ${name} (about ${seconds} s).`}
          {network.platform === 'evm' && known && <SpeedUp txid={sent.txid} onSpedUp={onSpedUp} />}
        </div>
      )}
    </div>
  );
}

/** True once a send still confirming is past its network's usual time. */
function useSlow(network: NetworkId, sent: SentTransaction): boolean {
  const [slowFor, setSlowFor] = useState<string>();
  const confirming = sent.status === 'confirming' ? sent : undefined;
  useEffect(() => {
    if (!confirming) return;
    const left = confirming.sentAt + USUAL_CONFIRMATION_MS[network] - Date.now();
    const timer = setTimeout(() => setSlowFor(confirming.txid), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [network, confirming?.txid, confirming?.sentAt]); // eslint-disable-line react-hooks/exhaustive-deps
  return confirming !== undefined && slowFor === confirming.txid;
}

/** Sends the same transaction again at a higher gas price, with its nonce (Recent transactions'). */
function SpeedUp({ txid, onSpedUp }: { txid: string; onSpedUp?: (txid: string) => void }) {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  async function speedUp() {
    setState('sending');
    try {
      const recent = await loadRecentTransactions();
      onSpedUp?.(await recent.replaceTransaction(txid, 'speedUp'));
      setState('idle');
    } catch (error) {
      console.warn('[send] speed up failed', error);
      setState('failed');
    }
  }
  return (
    <>
      {' '}
      <button
        type="button"
        className="jm-link"
        disabled={state === 'sending'}
        onClick={() => void speedUp()}
      >
        {t`Speed up`}
      </button>
      {state === 'failed' && <span>{t`Speed up did not go through. Try again.`}</span>}
    </>
  );
}

/**
 * The popup of a send (FUNDS ON THE WAY, the liquidity popup): its title, what moved (children),
 * where the send is (SendProgress) and CLOSE, with its state as `data-status` for the tests.
 */
export function SendPopup({
  title,
  testId,
  network,
  sent,
  onSpedUp,
  onClose,
  children,
  footer,
}: {
  title: string;
  testId: string;
  network: NetworkConfig;
  sent: SentTransaction;
  onSpedUp?: (txid: string) => void;
  onClose: () => void;
  children?: ReactNode;
  /** Under the progress lines (the add-token button, the spec's footer). */
  footer?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal label={title} onClose={onClose} data-testid={testId} data-status={sent.status}>
      <h3>{title}</h3>
      {children}
      <SendProgress network={network} sent={sent} onSpedUp={onSpedUp} />
      {footer}
      <button type="button" className="jm-button" onClick={onClose} data-autofocus>
        {t`CLOSE`}
      </button>
    </Modal>
  );
}
