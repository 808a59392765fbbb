import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  formatAmount,
  isUserRejection,
  TokenLogo,
  type NetworkConfig,
  type TokenConfig,
} from '@jmswap/shared-chain';
import { SendPopup, type SentTransaction } from '@jmswap/shared-chain/swap';
import { shortAddress } from '@jmswap/shared-chain/tokens';

/**
 * A swap from the moment the wallet returned its id: the quoted amounts while it confirms, what
 * the chain moved once mined (undefined where its receipt did not say), and where it is.
 */
export interface SwapInFlight {
  from: TokenConfig;
  to: TokenConfig;
  amountIn: bigint;
  amountOut: bigint;
  spent?: bigint;
  received?: bigint;
  /** The account that sent it, and received what it bought. */
  account?: string;
  sent: SentTransaction;
}

interface Props {
  swap: SwapInFlight;
  network: NetworkConfig;
  /** The connected wallet's name, as the offer names it ("Add USDT to MetaMask"). */
  wallet?: string;
  /** The account the wallet shows now: another than the swap's names where the tokens went. */
  account?: string;
  /** Offered when `offersTokenToWallet`: true once the wallet took it; a decline rejects. */
  onAddToken?: () => Promise<boolean>;
  onSpedUp?: (txid: string) => void;
  onClose: () => void;
}

/**
 * FUNDS ON THE WAY: open from the wallet's id on. While confirming, the quote's amounts and the
 * spec's footer; once confirmed, what actually left and arrived; once failed, why and the fee.
 */
export function FundsOnTheWay({
  swap,
  network,
  wallet,
  account,
  onAddToken,
  onSpedUp,
  onClose,
}: Props) {
  const { t } = useLingui();
  const title = t`FUNDS ON THE WAY`;
  const symbol = swap.to.symbol;
  const confirmed = swap.sent.status === 'confirmed';
  const sent = confirmed ? (swap.spent ?? swap.amountIn) : swap.amountIn;
  const received = confirmed ? (swap.received ?? swap.amountOut) : swap.amountOut;
  // The user picked another account in the wallet since (the swap stays the account's that
  // sent it): the popup names the account the tokens went to, so they are not looked for in
  // the one shown now.
  const elsewhere =
    swap.account && account && swap.account.toLowerCase() !== account.toLowerCase()
      ? shortAddress(swap.account)
      : undefined;
  const arrivedIn = elsewhere ? t`Arrived in account ${elsewhere}:` : t`Arrived in your wallet:`;
  return (
    <SendPopup
      title={title}
      testId="funds-on-the-way"
      network={network}
      sent={swap.sent}
      onSpedUp={onSpedUp}
      onClose={onClose}
      footer={
        <>
          {/* Not offered for an account the wallet no longer shows: it would add the token to
              the one shown, which did not get it. */}
          {onAddToken && swap.sent.status !== 'failed' && !elsewhere && (
            <AddToWallet symbol={symbol} wallet={wallet ?? 'TronLink'} add={onAddToken} />
          )}
          {swap.sent.status === 'confirming' && (
            <p className="jm-muted">
              {t`The transaction is being confirmed on-chain. Your tokens are swapped after confirmation.`}
            </p>
          )}
        </>
      }
    >
      {swap.sent.status !== 'failed' && (
        <p className="jm-swap-amounts">
          <TokenLogo token={swap.from} decorative />{' '}
          <span data-testid="sent">
            {`${formatAmount(sent, swap.from.decimals, undefined, { dust: true })} ${swap.from.symbol}`}
          </span>
          {' → '}
          <TokenLogo token={swap.to} decorative />{' '}
          <span data-testid="received">
            {`${formatAmount(received, swap.to.decimals, undefined, { dust: true })} ${swap.to.symbol}`}
          </span>
        </p>
      )}
      {confirmed && swap.received !== undefined && (
        <p data-testid="arrived" data-amount={swap.received.toString()}>
          {`${arrivedIn} ${formatAmount(swap.received, swap.to.decimals, undefined, { dust: true })} ${swap.to.symbol}`}
        </p>
      )}
    </SendPopup>
  );
}

/**
 * The received token offered to the wallet, and what came of it: the wallet's own prompt is the
 * question; its answer shows here (added, declined, or the wallet could not be asked).
 */
function AddToWallet({
  symbol,
  wallet,
  add,
}: {
  symbol: string;
  wallet: string;
  add: () => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'adding' | 'added' | 'declined' | 'failed'>('idle');
  // The answer takes the pressed button's place: the focus goes with it, not to the page.
  const done = useRef<HTMLParagraphElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (state === 'added' && hadFocus.current) done.current?.focus();
  }, [state]);
  if (state === 'added')
    return (
      <p
        ref={done}
        tabIndex={-1}
        role="status"
        className="jm-add-token-done"
        data-testid="add-token"
      >
        {t`${symbol} added to ${wallet}`}
      </p>
    );
  const ask = (event: MouseEvent<HTMLButtonElement>) => {
    if (state === 'adding') return; // one question at a time; aria-disabled keeps the focus
    hadFocus.current = document.activeElement === event.currentTarget;
    setState('adding');
    add().then(
      (added) => setState(added ? 'added' : 'failed'),
      (error: unknown) => setState(isUserRejection(error) ? 'declined' : 'failed'),
    );
  };
  return (
    <div data-testid="add-token">
      <button
        type="button"
        className="jm-link jm-add-token"
        aria-disabled={state === 'adding'}
        onClick={ask}
      >
        {state === 'adding' ? t`Adding ${symbol} to ${wallet}…` : t`Add ${symbol} to ${wallet}`}
      </button>
      {state === 'declined' && <p className="jm-muted">{t`${symbol} was not added.`}</p>}
      {state === 'failed' && (
        <p role="alert" className="jm-muted">
          {t`${wallet} did not add ${symbol}. Unlock ${wallet}, then try again.`}
        </p>
      )}
    </div>
  );
}
