import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { hasCharts, parseAmount, type NetworkConfig } from '@jmswap/shared-chain';
import { shortAddress, tokenKeyOfParam } from '@jmswap/shared-chain/tokens';
import { fetchPairs, type ApiPair, type ApiPairs } from '@jmswap/shared-chain/history';
import { formatReserve } from './pools';
import { AppLink } from '@jmswap/shared-chain/links';

const PAGE = 25;

/**
 * A reserve the api sent as an exact decimal text, written as the listed pools' are (6 decimals,
 * truncated, grouped): a meme token's 990128419656029.387011495390952207 reads
 * 990,128,419,656,029.387011.
 */
export function reserveOfPair(text: string, decimals: number): string {
  const parsed = parseAmount(text, decimals);
  return parsed.ok ? formatReserve(parsed.value, decimals) : '-';
}

/**
 * The swap box, and the liquidity add, on a pair of the api's index: from the side this page
 * knows (the base coin, a listed token), to the other, named by addresses. A token the browser
 * does not know yet opens its import card (what the chain says, the warning, the taxes) first.
 */
export function pairLinks(
  network: NetworkConfig,
  pair: ApiPair,
): { swap: string; addLiquidity: string; symbol: string } {
  const known = (address: string) => tokenKeyOfParam(network, address) !== undefined;
  const [from, to] =
    known(pair.tokenB.address) && !known(pair.tokenA.address)
      ? [pair.tokenB, pair.tokenA]
      : [pair.tokenA, pair.tokenB];
  const query = { n: network.id, from: from.address, to: to.address };
  const link = (q: Record<string, string>) => `/?${new URLSearchParams(q).toString()}`;
  return {
    swap: link(query),
    addLiquidity: link({ ...query, t: 'addLiquidity' }),
    symbol: to.symbol,
  };
}

/**
 * The exchange's other pairs: every pair the api indexes that no configured pool names (a token
 * beyond the list, or two listed tokens the config does not pair),
 * searched with the same text as the table (symbol, name or address), a page at a time. Their
 * tokens are named by their own contracts (escaped by the api) and shown with their addresses.
 */
export function OtherPairs({ network, search }: { network: NetworkConfig; search: string }) {
  const { t } = useLingui();
  const [pages, setPages] = useState(1);
  const [data, setData] = useState<ApiPairs | 'unavailable'>();
  useEffect(() => setPages(1), [search]);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void fetchPairs(network.api.url, network.id, {
        q: search,
        limit: PAGE * pages,
        signal: abort.signal,
      }).then((answer) => !abort.signal.aborted && setData(answer ?? 'unavailable'));
    }, 200);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [network.api.url, network.id, search, pages]);
  if (data === undefined || data === 'unavailable') return null;
  const others = data.pairs.filter((p) => !p.listed);
  if (others.length === 0) return null;
  const chart = (a: string, b: string) =>
    `/charts?n=${network.id}&symbolA=${encodeURIComponent(a)}&symbolB=${encodeURIComponent(b)}`;
  return (
    <section className="jm-other-pairs" aria-label={t`Other pairs on JMSwap`}>
      <h3>{t`Other pairs on JMSwap`}</h3>
      <p className="jm-muted">
        {t`Pairs anyone created on JMSwap that its pool list does not include. A token can have any name: check the addresses.`}
      </p>
      <ul>
        {others.map((p) => {
          const pair = `${p.tokenA.symbol}/${p.tokenB.symbol}`;
          const links = pairLinks(network, p);
          const symbol = links.symbol;
          return (
            <li key={p.address} data-pair={p.address}>
              <strong>{pair}</strong>{' '}
              <span className="jm-muted">
                {shortAddress(p.tokenA.address)} · {shortAddress(p.tokenB.address)}
              </span>{' '}
              <span className="jm-other-reserves">
                {reserveOfPair(p.reserveA, p.tokenA.decimals)} {p.tokenA.symbol} ·{' '}
                {reserveOfPair(p.reserveB, p.tokenB.decimals)} {p.tokenB.symbol}
              </span>
              <span className="jm-other-links">
                <AppLink href={links.swap}>{t`Swap ${symbol}`}</AppLink>{' '}
                <AppLink href={links.addLiquidity}>{t`Add liquidity`}</AppLink>{' '}
                {hasCharts(network.id) && (
                  <AppLink href={chart(p.tokenA.address, p.tokenB.address)}>
                    {t`${pair} chart`}
                  </AppLink>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {data.total > data.pairs.length && (
        <button type="button" className="jm-button" onClick={() => setPages((n) => n + 1)}>
          {t`Show more pairs`}
        </button>
      )}
    </section>
  );
}
