import { Link } from 'wouter';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { RouteScreen } from './RouteScreen';
import { useSiteConfig } from '../services/site';

const SECTIONS: { title: MessageDescriptor; body: MessageDescriptor }[] = [
  {
    title: msg`JMSwap for projects`,
    body: msg`The first multi-chain swap with full support for taxed tokens: TRON, BSC, Polygon, BTTC and Ethereum. Adding and removing liquidity is tax-free.`,
  },
  {
    title: msg`Swap`,
    body: msg`Swap fee 0.3%: 0.25% goes to liquidity providers and 0.05% to the platform, for buying back and burning JM. Listing is free if you supply enough liquidity.`,
  },
  {
    title: msg`Widget`,
    body: msg`Embed the swap box in your own site with your tokens preselected and your colours.`,
  },
  {
    title: msg`Launchpad`,
    body: msg`Launch your token with a fair sale and liquidity locked on JMSwap.`,
  },
  {
    title: msg`Coin-eyes generator`,
    body: msg`Give your community eye-catching token artwork in one click.`,
  },
  {
    title: msg`Chart and price bot`,
    body: msg`A bot for your messaging group that posts your token price and chart.`,
  },
  {
    title: msg`Success story`,
    body: msg`Projects listed on JMSwap reached deep liquidity on several chains within weeks.`,
  },
  {
    title: msg`Testimonial`,
    body: msg`"Taxed tokens just work on JMSwap: no failed swaps, no tax on liquidity." — a listed project`,
  },
  { title: msg`Roadmap`, body: msg`Cross-chain swaps (coming soon), Payments and Store.` },
];

/** Marketing page for projects (static content). */
export function InfoPage() {
  const { t, i18n } = useLingui();
  // The deck is a deployment setting (site.json's deckUrl): no link while none is set.
  const deck = useSiteConfig()?.deckUrl;
  return (
    <RouteScreen route="info">
      {() => (
        <article className="jm-card jm-static">
          {SECTIONS.map((s) => (
            <section key={s.title.id}>
              <h2>{i18n._(s.title)}</h2>
              <p>{i18n._(s.body)}</p>
            </section>
          ))}
          <p className="jm-info-links">
            <Link to="/listing">{t`Request a listing`}</Link>
            {deck && (
              <>
                {' · '}
                <a href={deck} target="_blank" rel="noopener noreferrer">
                  {t`Download our deck (PDF)`}
                </a>
              </>
            )}
          </p>
        </article>
      )}
    </RouteScreen>
  );
}
