import { render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { resetSiteConfigForTests } from '../services/site';
import { InfoPage } from './InfoPage';

function renderWith(site: Response) {
  resetSiteConfigForTests();
  const fetchMock = jest.fn(async (_url: string) => site);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const { hook, searchHook } = memoryLocation({ path: '/info' });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <InfoPage />
    </Router>,
  );
  return fetchMock;
}

it("links the deck the deployment names in site.json (the deck's url), in a new tab", async () => {
  const fetchMock = renderWith(
    new Response(JSON.stringify({ deckUrl: 'https://files.example/jmswap-deck.pdf' })),
  );
  const link = await screen.findByRole('link', { name: 'Download our deck (PDF)' });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('For projects');
  expect(link).toHaveAttribute('href', 'https://files.example/jmswap-deck.pdf');
  expect(link).toHaveAttribute('target', '_blank');
  expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/config/site.json');
});

it('no deck set (or no site.json): no link, the listing link stays', async () => {
  const fetchMock = renderWith(new Response('{}'));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 0));
  expect(screen.getByRole('link', { name: 'Request a listing' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Download our deck (PDF)' })).toBeNull();
});
