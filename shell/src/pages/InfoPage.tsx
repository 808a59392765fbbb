import { Link } from 'wouter';
import { RouteScreen } from './RouteScreen';

const SECTIONS: { title: string; body: string }[] = [
  {
    title: 'JMSwap for projects',
    body: 'The first multi-chain swap with full support for taxed tokens: TRON, BSC, Polygon, BTTC and Ethereum. Adding and removing liquidity is tax-free.',
  },
  {
    title: 'Swap',
    body: 'Swap fee 0.3%: 0.25% goes to liquidity providers and 0.05% to the platform, for buying back and burning JM. Listing is free if you supply enough liquidity.',
  },
  {
    title: 'Widget',
    body: 'Embed the swap box in your own site with your tokens preselected and your colours.',
  },
  {
    title: 'Launchpad',
    body: 'Launch your token with a fair sale and liquidity locked on JMSwap.',
  },
  {
    title: 'Coin-eyes generator',
    body: 'Give your community eye-catching token artwork in one click.',
  },
  {
    title: 'Chart and price bot',
    body: 'A bot for your messaging group that posts your token price and chart.',
  },
  {
    title: 'Success story',
    body: 'Projects listed on JMSwap reached deep liquidity on several chains within weeks.',
  },
  {
    title: 'Testimonial',
    body: '"Taxed tokens just work on JMSwap: no failed swaps, no tax on liquidity." — a listed project',
  },
  { title: 'Roadmap', body: 'Cross-chain swaps (coming soon), Payments and Store.' },
];

/** Marketing page for projects (static content). */
export function InfoPage() {
  return (
    <RouteScreen route="info">
      {() => (
        <article className="jm-card jm-static">
          {SECTIONS.map((s) => (
            <section key={s.title}>
              <h2>{s.title}</h2>
              <p>{s.body}</p>
            </section>
          ))}
          <p>
            <Link to="/listing">Request a listing</Link> ·{' '}
            <a href="/assets/jmswap-deck.pdf">Download our deck (PDF)</a>
          </p>
        </article>
      )}
    </RouteScreen>
  );
}
