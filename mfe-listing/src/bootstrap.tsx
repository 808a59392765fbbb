// Standalone dev page for this remote's team: the screen on its own, with shared-chain bundled.
import { mountStandalone } from '@jmswap/shared-chain';
import { ListingPage } from './exposed';

mountStandalone(__APP_NAME__, __APP_VERSION__, ListingPage);
