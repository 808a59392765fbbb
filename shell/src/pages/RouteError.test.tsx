import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appEvents$, type AppEvent } from '@jmswap/shared-chain';
import { RouteError } from './RouteError';

it('a route error with status 401 raises loggedOut', async () => {
  const events: AppEvent[] = [];
  const sub = appEvents$.subscribe((e) => events.push(e));
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      loader: () => {
        throw new Response('unauthorised', { status: 401 });
      },
      element: <p>never</p>,
    },
  ]);
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(events).toContainEqual({ type: 'loggedOut' });
  sub.unsubscribe();
});
