import { useEffect, useRef } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { addTokenToWallet, showToast } from '@jmswap/shared-chain';
import { RouteScreen } from './RouteScreen';

async function addJm() {
  try {
    const added = await addTokenToWallet('JM', 'TRON');
    if (added) showToast('success', msg`JM added to TronLink.`);
    else showToast('error', msg`Open this page with TronLink installed and unlocked to add JM.`);
  } catch {
    showToast('info', msg`JM was not added.`);
  }
}

export const HOW_TO_SWAP_STEPS = [
  msg`Install a wallet: TronLink on TRON, MetaMask (or the Binance wallet on BSC) on the other networks.`,
  msg`Connect: press CONNECT WALLET and approve the connection in your wallet.`,
  msg`Choose the amount and the currency you want to swap, and the currency you want to receive.`,
  msg`The first time you swap a token, approve it so the exchange may move it for you.`,
  msg`Sign the approval in your wallet.`,
  msg`Press SWAP.`,
  msg`Confirm the swap in your wallet. Your tokens arrive once the transaction is confirmed on-chain.`,
];

/** The help center's topics, in order; `/help?t=<key>` opens one (the first by default). */
export const HELP_TOPICS: { key: string; title: MessageDescriptor; body: MessageDescriptor[] }[] = [
  { key: 'swap', title: msg`HOW TO SWAP`, body: HOW_TO_SWAP_STEPS },
  {
    key: 'liquidity',
    title: msg`HOW TO ADD LIQUIDITY`,
    body: [
      msg`Open the Liquidity tab and press ADD LIQUIDITY.`,
      msg`Choose the two tokens and the amount of one: the other follows from the pool's price.`,
      msg`Approve each token the first time (the base coin needs no approval), then press SUPPLY.`,
      msg`Adding and removing liquidity is tax-free. Remove it from your pool with REMOVE LIQUIDITY.`,
    ],
  },
  {
    key: 'transactions',
    title: msg`AFTER YOU SEND`,
    body: [
      msg`Confirming…: your wallet sent the transaction; the link shows it on the explorer.`,
      msg`Confirmed: it is in a block. The popup shows what actually arrived in your wallet.`,
      msg`Failed: the chain refused it, for the reason shown. Nothing was swapped, but the network fee was paid.`,
      msg`Taking longer than usual: on BSC, Polygon, BTTC and Ethereum you may speed it up (the same transaction at a higher gas price).`,
    ],
  },
  {
    key: 'settings',
    title: msg`SLIPPAGE AND DEADLINE`,
    body: [
      msg`Slippage: how much less than the estimate you accept (5% unless you change it). Taxed tokens need at least their tax.`,
      msg`Transaction deadline: a swap or liquidity change not mined within this many minutes (5 unless you change it, 1 to 180) fails instead of going through at a later price.`,
    ],
  },
  {
    key: 'fees',
    title: msg`NETWORK FEES ON TRON`,
    body: [
      msg`A TRON transaction burns TRX for the energy and bandwidth you do not have staked.`,
      msg`Keep at least 47 TRX for a direct swap, 65 TRX for a swap through three tokens, unless you have enough free energy.`,
      msg`You can also rent energy at a discount: the fee message links to it.`,
    ],
  },
  {
    key: 'privacy',
    title: msg`WHAT WE COLLECT`,
    body: [
      msg`We count visits and actions: which page or action (a swap, adding liquidity, connecting a wallet), on which network, in which language and theme, on the site or in a widget, and the day.`,
      msg`We never store your wallet address, your IP address, your browser's user agent or any amount.`,
      msg`Nothing is sent while your browser asks sites not to track you (Global Privacy Control or Do Not Track).`,
    ],
  },
];

/** The help center: its topics, the one the link names (`t`) open and in view; JM for TronLink. */
export function HelpPage() {
  return <RouteScreen route="help">{({ query }) => <Topics opened={query.t} />}</RouteScreen>;
}

function Topics({ opened }: { opened?: string }) {
  const { t, i18n } = useLingui();
  const chosen = HELP_TOPICS.some((topic) => topic.key === opened) ? opened : HELP_TOPICS[0]?.key;
  const chosenRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (opened && chosen === opened) chosenRef.current?.scrollIntoView({ block: 'start' });
  }, [opened, chosen]);
  return (
    <article className="jm-card jm-static jm-help">
      {HELP_TOPICS.map((topic) => (
        <details
          key={topic.key}
          id={`topic-${topic.key}`}
          data-topic={topic.key}
          open={topic.key === chosen}
          ref={topic.key === chosen ? chosenRef : undefined}
        >
          <summary>
            <h2>{i18n._(topic.title)}</h2>
          </summary>
          <ol>
            {topic.body.map((line) => (
              <li key={line.id}>{i18n._(line)}</li>
            ))}
          </ol>
          {topic.key === 'swap' && (
            <button type="button" className="jm-button" onClick={() => void addJm()}>
              {t`Add JM token to TronLink`}
            </button>
          )}
        </details>
      ))}
    </article>
  );
}
