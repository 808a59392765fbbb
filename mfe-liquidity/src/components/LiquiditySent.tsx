import { useLingui } from '@lingui/react/macro';
import { formatAmount, lpTokensText, type NetworkConfig } from '@jmswap/shared-chain';
import { SendPopup, type SentTransaction } from '@jmswap/shared-chain/liquidity';

/**
 * An add or removal from the moment the wallet returned its id: the planned amounts while it
 * confirms, what the chain moved once mined (undefined where its receipt did not say).
 */
export interface LiquidityInFlight {
  kind: 'add' | 'remove';
  /** The tokens' keys in the network's config (a token beyond the config: its address). */
  symbolA: string;
  symbolB: string;
  /** Planned: the amounts supplied, or the amounts the removal should return. */
  amountA: bigint;
  amountB: bigint;
  moved?: { amountA?: bigint; amountB?: bigint; lpTokens?: bigint };
  sent: SentTransaction;
}

/** The liquidity popup: the same states as FUNDS ON THE WAY (Confirming…, Confirmed, Failed). */
export function LiquiditySent({
  network,
  send,
  onSpedUp,
  onClose,
}: {
  network: NetworkConfig;
  send: LiquidityInFlight;
  onSpedUp?: (txid: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const title = send.kind === 'add' ? t`ADDING LIQUIDITY` : t`REMOVING LIQUIDITY`;
  const confirmed = send.sent.status === 'confirmed';
  const amount = (key: string, value: bigint) => {
    const token = network.tokens[key];
    return `${formatAmount(value, token?.decimals ?? 18, 12, { dust: true })} ${token?.symbol ?? key}`;
  };
  const a = amount(send.symbolA, (confirmed && send.moved?.amountA) || send.amountA);
  const b = amount(send.symbolB, (confirmed && send.moved?.amountB) || send.amountB);
  const lp =
    confirmed && send.moved?.lpTokens !== undefined ? lpTokensText(send.moved.lpTokens) : undefined;
  const label =
    send.kind === 'add'
      ? confirmed
        ? t`Deposited:`
        : t`You deposit:`
      : confirmed
        ? t`Received:`
        : t`You receive (estimate):`;
  return (
    <SendPopup
      title={title}
      testId="liquidity-sent"
      network={network}
      sent={send.sent}
      onSpedUp={onSpedUp}
      onClose={onClose}
    >
      {send.sent.status !== 'failed' && (
        <p data-testid="liquidity-amounts">{`${label} ${a} + ${b}`}</p>
      )}
      {lp !== undefined && <p data-testid="liquidity-lp">{t`Pool tokens received: ${lp}`}</p>}
    </SendPopup>
  );
}
