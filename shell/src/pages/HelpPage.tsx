import { addTokenToWallet, showToast } from '@jmswap/shared-chain';
import { RouteScreen } from './RouteScreen';

async function addJm() {
  try {
    const added = await addTokenToWallet('JM', 'TRON');
    if (!added)
      showToast('error', 'Open this page with TronLink installed and unlocked to add JM.');
  } catch {
    showToast('info', 'JM was not added.');
  }
}

export const HOW_TO_SWAP_STEPS = [
  'Install a wallet: TronLink on TRON, MetaMask (or the Binance wallet on BSC) on the other networks.',
  'Connect: press CONNECT WALLET and approve the connection in your wallet.',
  'Choose the amount and the currency you want to swap, and the currency you want to receive.',
  'The first time you swap a token, approve it so the exchange may move it for you.',
  'Sign the approval in your wallet.',
  'Press SWAP.',
  'Confirm the swap in your wallet. Your tokens arrive once the transaction is confirmed on-chain.',
];

/** Help center: HOW TO SWAP, and a button that offers JM to TronLink. */
export function HelpPage() {
  return (
    <RouteScreen route="help">
      {() => (
        <article className="jm-card jm-static">
          <h1>HOW TO SWAP</h1>
          <ol>
            {HOW_TO_SWAP_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <button type="button" className="jm-button" onClick={() => void addJm()}>
            Add JM token to TronLink
          </button>
        </article>
      )}
    </RouteScreen>
  );
}
