import { useLingui } from '@lingui/react/macro';
import type { NetworkConfig } from '@jmswap/shared-chain';
import { feeOutweighsTrade, usdPriceOfToken, type UsdPrices } from '@jmswap/shared-chain/history';

/** What the swap's dollar lines know: the api's prices and what the sell side is worth. */
export interface TradeWorth {
  prices?: UsdPrices;
  /** The sell amount's dollar value (usdValueOf's scale); undefined without a price. */
  sellUsd?: bigint;
}

interface Props extends TradeWorth {
  network: NetworkConfig;
  /** The estimated network fee, in the base coin's base units. */
  fee: bigint;
}

/**
 * A swap whose network fee is worth more than what it swaps (dust: 11 TRX of fee for 0.000005
 * TRX) says so beside the fee, as wallets' own swaps do; nothing when either has no price.
 */
export function FeeOutweighs({ network, fee, prices, sellUsd }: Props) {
  const { t } = useLingui();
  const base = network.tokens[network.baseToken];
  const worth = feeOutweighsTrade(
    { amount: fee, decimals: base?.decimals ?? 18, priceUsd: usdPriceOfToken(prices, base) },
    sellUsd,
  );
  if (!worth) return null;
  const { fee: feeUsd, trade } = worth;
  return (
    <p className="jm-network-fee jm-impact-warning" data-testid="fee-outweighs">
      {t`The network fee (≈ ${feeUsd}) is more than this swap is worth (≈ ${trade}).`}
    </p>
  );
}
