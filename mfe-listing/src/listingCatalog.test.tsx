// The screen the shell loads (exposed.ts) waits for listingTexts before it is handed over; these
// tests check that promise: once it resolves, the screen's first render is in the page's language.
// Nothing in this file imports the listing modules before the language is chosen, as on a page
// opened in Chinese, where the shell switches before it loads the remote.
import { act, render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { activateLanguage, parseNetworksFile, setNetworks } from '@jmswap/shared-chain';

beforeAll(() => setNetworks(parseNetworksFile(production)));

afterEach(async () => {
  await act(() => activateLanguage('en'));
});

it('in Chinese, the first render after the texts are in shows the form in Chinese', async () => {
  await act(() => activateLanguage('zh-CN'));
  const { listingTexts } = await import('./listingCatalog');
  const { ListingPage } = await import('./ListingPage');
  await listingTexts;
  render(<ListingPage network="TRON" query={{}} />);
  // No waiting: this is the first frame, not a later redraw.
  expect(screen.getByRole('heading', { name: '代币上架' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: '合约地址' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '提交' })).toBeInTheDocument();
  expect(screen.queryByText('TOKEN LISTING')).not.toBeInTheDocument();
});

it('in English, the texts are ready at once and the form is in English', async () => {
  const { listingTexts } = await import('./listingCatalog');
  const { ListingPage } = await import('./ListingPage');
  await listingTexts;
  render(<ListingPage network="TRON" query={{}} />);
  expect(screen.getByRole('heading', { name: 'TOKEN LISTING' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeInTheDocument();
});
