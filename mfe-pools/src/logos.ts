/**
 * Token logos loaded before a row needs them. A letter logo is an SVG document: the first row
 * that shows one made the browser build and lay out that document, a 25-35 ms task at 4x CPU
 * per new logo, inside the sort that first showed it (bench:pools' trace). Loaded while the
 * browser is idle, one at a time, each logo is then drawn from the document already built.
 */

/** Kept so the browser keeps each logo's document for the rows that show it later. */
const loaded = new Map<string, HTMLImageElement>();

/**
 * Loads the logos `logos()` names (asked for when the browser is first idle), one per idle
 * period, each after the previous one has loaded; returns the cancel for an effect. Where the
 * browser has no idle callbacks, the rows load their logos as before.
 */
export function loadLogosAhead(logos: () => readonly string[]): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  let stopped = false;
  let handle = 0;
  let queue: readonly string[] | undefined;
  const next = () => {
    handle = requestIdleCallback(() => {
      queue ??= logos().filter((logo) => !loaded.has(logo));
      const logo = queue[0];
      if (logo === undefined || stopped) return;
      queue = queue.slice(1);
      const image = new Image();
      loaded.set(logo, image);
      const done = () => {
        if (!stopped) next();
      };
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
      image.src = logo;
    });
  };
  next();
  return () => {
    stopped = true;
    cancelIdleCallback(handle);
  };
}
