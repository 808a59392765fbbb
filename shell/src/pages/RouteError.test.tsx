import { render, screen } from '@testing-library/react';
import { appEvents$, type AppEvent } from '@jmswap/shared-chain';
import { RouteError, RouteErrorBoundary } from './RouteError';

function Unauthorised(): never {
  throw new Response('unauthorised', { status: 401 });
}

it('a route error with status 401 raises loggedOut', async () => {
  const events: AppEvent[] = [];
  const sub = appEvents$.subscribe((e) => events.push(e));
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <RouteErrorBoundary>
      <Unauthorised />
    </RouteErrorBoundary>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on this page.');
  expect(events).toContainEqual({ type: 'loggedOut' });
  spy.mockRestore();
  sub.unsubscribe();
});

it('a page that does not exist has its level-one heading, as every page does', () => {
  render(<RouteError status={404} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  expect(screen.getByRole('alert')).toHaveTextContent('This page does not exist.');
});
