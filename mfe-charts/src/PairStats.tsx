import { useLingui } from '@lingui/react/macro';
import {
  CHART_PRICE_DISPLAY_DECIMALS,
  CIRCULATING_SUPPLY_DISPLAY_DECIMALS,
  MARKET_CAP_MILLIONS_DISPLAY_DECIMALS,
} from '@jmswap/shared-chain';
import { type ApiInfoNetwork } from '@jmswap/shared-chain/history';
import { fixedDecimal, fixedNumber, priceFigure, usd, usdPrice } from './format';

/** The info figures of the pair shown as a/b; info prices are symbolA per 1 symbolB of the pool. */
export function pairPrice(info: ApiInfoNetwork | undefined, a: string, b: string) {
  const row = info?.pairs.find(
    (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
  );
  if (!row) return { price: undefined, volume24HUsd: undefined };
  const price = row.symbolA === a ? row.price : row.price > 0 ? 1 / row.price : undefined;
  return { price, volume24HUsd: row.volume24HUsd };
}

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/**
 * "99999999000.5" -> "99,999,999,000.500" (exact, cut to `places` decimals, 3 by default). The
 * cards are as wide as the longest figure; on a screen narrower still it breaks before the
 * decimal point, not inside a group.
 */
const supplyText = (text: string, places = 3) => {
  const [whole = '0', fraction = ''] = fixedDecimal(text, places).split('.');
  return (
    <>
      {group(whole)}
      <wbr />.{fraction}
    </>
  );
};

/** Current price, 24h volume and, when the target token is JM, its supply and market cap. */
export function PairStats({
  info,
  pair: [a, b],
  unit = a,
  price: pairsPrice,
}: {
  info: ApiInfoNetwork | undefined;
  pair: [string, string];
  /** How the price's unit (token a) is named (a symbol where `a` is an address). */
  unit?: string;
  /** The price where the info figures have none (a pair of the api's index, by its reserves). */
  price?: number;
}) {
  const { t } = useLingui();
  const figures = pairPrice(info, a, b);
  const price = figures.price ?? pairsPrice;
  const { volume24HUsd } = figures;
  // JM's figures with a JM pair, whichever way round the charts page shows its price.
  const jm = a === 'JM' || b === 'JM' ? info?.jm : undefined;
  const priceUsd = info?.tokens[b]?.priceUsd;
  return (
    <dl className="jm-stats" aria-label={t`Pair figures`}>
      <div>
        <dt>{t`Current price`}</dt>
        <dd data-figure="price">
          {`${priceFigure(price, CHART_PRICE_DISPLAY_DECIMALS)} ${unit}${
            priceUsd !== undefined && priceUsd !== null ? ` (${usdPrice(priceUsd)})` : ''
          }`}
        </dd>
      </div>
      <div>
        <dt>{t`24h volume`}</dt>
        <dd data-figure="volume">{usd(volume24HUsd)}</dd>
      </div>
      {jm && (
        <>
          <div>
            <dt>{t`Token supply`}</dt>
            <dd data-figure="supply">{supplyText(jm.supply)}</dd>
          </div>
          <div>
            <dt>{t`Circulating supply`}</dt>
            <dd data-figure="circulating">
              {supplyText(jm.circulatingSupply, CIRCULATING_SUPPLY_DISPLAY_DECIMALS)}
            </dd>
          </div>
          <div>
            <dt>{t`Market cap`}</dt>
            <dd data-figure="marketcap">
              {jm.marketcapUsd === null
                ? '-'
                : // eslint-disable-next-line lingui/no-unlocalized-strings -- dollars in millions, a number
                  `$${fixedNumber(jm.marketcapUsd / 1e6, MARKET_CAP_MILLIONS_DISPLAY_DECIMALS)}M`}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
