import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { addTokenToWallet, showToast } from '@jmswap/shared-chain';
import { RouteScreen } from './RouteScreen';

async function addJm() {
  try {
    const added = await addTokenToWallet('JM', 'TRON');
    if (!added)
      showToast('error', msg`Open this page with TronLink installed and unlocked to add JM.`);
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

/** Help center: HOW TO SWAP, and a button that offers JM to TronLink. */
export function HelpPage() {
  const { t, i18n } = useLingui();
  return (
    <RouteScreen route="help">
      {() => (
        <article className="jm-card jm-static">
          <h1>{t`HOW TO SWAP`}</h1>
          <ol>
            {HOW_TO_SWAP_STEPS.map((step) => (
              <li key={step.id}>{i18n._(step)}</li>
            ))}
          </ol>
          <button type="button" className="jm-button" onClick={() => void addJm()}>
            {t`Add JM token to TronLink`}
          </button>
        </article>
      )}
    </RouteScreen>
  );
}
