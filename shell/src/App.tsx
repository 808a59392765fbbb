import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { restoreWalletSession } from '@jmswap/shared-chain';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { DocumentTitle } from './layout/DocumentTitle';
import { WalletChooserOnDemand } from './layout/WalletChooserOnDemand';
import { LoadingOverlay, Popup, Toasts } from './layout/Overlays';
import { IndexPage } from './pages/IndexPage';
import { RemotePage } from './pages/RemotePage';
import { InfoPage } from './pages/InfoPage';
import { HelpPage } from './pages/HelpPage';
import { RouteError, RouteErrorBoundary } from './pages/RouteError';

/** The routes of product.md section 1; anything else is "This page does not exist." */
export function Routes() {
  return (
    <Switch>
      <Route path="/" component={IndexPage} />
      <Route path="/charts">
        <RemotePage route="charts" remote="charts" expose="ChartsPage" />
      </Route>
      <Route path="/pools">
        <RemotePage route="pools" remote="pools" expose="PoolsPage" />
      </Route>
      <Route path="/listing">
        <RemotePage route="listing" remote="listing" expose="ListingPage" />
      </Route>
      <Route path="/info" component={InfoPage} />
      <Route path="/help" component={HelpPage} />
      <Route>
        <RouteError status={404} />
      </Route>
    </Switch>
  );
}

export function App() {
  // After the route has selected its network (children's effects run first): the wallet
  // connected before a page load comes back with no prompt and no new QR code.
  useEffect(() => void restoreWalletSession(), []);
  return (
    <>
      <DocumentTitle />
      <Header />
      <main className="jm-main">
        <RouteErrorBoundary>
          <Routes />
        </RouteErrorBoundary>
        <LoadingOverlay />
      </main>
      <Footer />
      <WalletChooserOnDemand />
      <Popup />
      <Toasts />
    </>
  );
}
