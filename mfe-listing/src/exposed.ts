// What the shell loads as `./ListingPage`: the module is ready when its texts are in the page's
// language (listingCatalog.ts), so the screen's first render is already in it. In English this
// waits for nothing.
import { listingTexts } from './listingCatalog';

await listingTexts;

export { ListingPage, LISTING_FIELDS, default } from './ListingPage';
