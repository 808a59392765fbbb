import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { WalletChooser } from './layout/WalletChooser';
import { LoadingOverlay, Popup, Toasts } from './layout/Overlays';
import { IndexPage } from './pages/IndexPage';
import { RemotePage } from './pages/RemotePage';
import { InfoPage } from './pages/InfoPage';
import { HelpPage } from './pages/HelpPage';
import { RouteError } from './pages/RouteError';

function Layout() {
  return (
    <>
      <Header />
      <main className="jm-main">
        <Outlet />
        <LoadingOverlay />
      </main>
      <Footer />
      <WalletChooser />
      <Popup />
      <Toasts />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <IndexPage /> },
      {
        path: 'charts',
        element: <RemotePage route="charts" remote="charts" expose="ChartsPage" />,
      },
      { path: 'pools', element: <RemotePage route="pools" remote="pools" expose="PoolsPage" /> },
      {
        path: 'listing',
        element: <RemotePage route="listing" remote="listing" expose="ListingPage" />,
      },
      { path: 'info', element: <InfoPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: '*', element: <RouteError /> },
    ],
  },
];

export function App() {
  return <RouterProvider router={createBrowserRouter(routes)} />;
}
