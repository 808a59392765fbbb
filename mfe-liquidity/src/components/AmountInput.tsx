import { useLingui } from '@lingui/react/macro';
import { AmountField, TokenChooser, type NetworkConfig } from '@jmswap/shared-chain';
import { useUsdPrices } from '@jmswap/shared-chain/history';
import { liquidityApi } from '../liquidityApi';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  network: NetworkConfig;
  /** This side's token key, and the other side's (choosing it switches the sides). */
  selected?: string;
  other?: string;
  onSelect: (key: string) => void;
  /** An unknown token address of the page's link, offered for import as the step opens. */
  offer?: string;
  balance?: string;
  onMax?: () => void;
}

/** One side of the add: amount, the token picker and, with a wallet, balance and MAX. */
export function AmountInput({ network, selected, other, onSelect, offer, ...field }: Props) {
  const { t } = useLingui();
  const label = field.label;
  // The picker shows what each held token is worth (one read of the api's prices a minute).
  const usdPrices = useUsdPrices(network);
  return (
    <AmountField {...field}>
      <span className="jm-token-select">
        <TokenChooser
          label={t`${label} token`}
          title={t`Select a token to provide`}
          network={network}
          selected={selected}
          other={other}
          onSelect={onSelect}
          offer={offer}
          loadBalances={(owner, keys) => liquidityApi().balances(network.id, owner, keys)}
          usdPrices={usdPrices}
        />
      </span>
    </AmountField>
  );
}
