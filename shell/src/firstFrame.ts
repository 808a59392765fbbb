import { createContext } from 'react';

/**
 * True while the build draws a route's static first frame (scripts/prerender.mjs). The frame is
 * the same for every query string, so it names nothing the query chooses (the tab, the network).
 */
export const FirstFrame = createContext(false);
