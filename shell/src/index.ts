// The styles come with the html (a <link> in the head), so the page paints before any script.
import '@jmswap/shared-chain/theme/tokens.css';
import './styles.css';
import { warmRoute } from './remotes/warm';

warmRoute(window.location);
// Async boundary: shared singletons are negotiated before any app code runs.
import(/* webpackChunkName: "boot" */ './bootstrap');
