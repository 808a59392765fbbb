import { useEffect, useState } from 'react';

/**
 * Code a user asks for with a click (the wallet chooser, the wallet menu, its panels), loaded
 * with the first request and shown as soon as it has arrived.
 *
 * Not React.lazy and Suspense: React 19 holds a Suspense boundary's content back until 300 ms
 * after its fallback was shown (its reveal throttle, `+ 300` in react-dom), and longer when
 * other boundaries reveal at the same time. In the e2e traces the chooser's chunk loaded in
 * 4-6 ms and the dialog appeared 0.3-0.8 s later; the approvals panel ~0.31 s after its click.
 */
export type OnDemand<T> = {
  /** What arrived, once it has. */
  readonly loaded: () => { value: T } | undefined;
  /** Starts the load once (a second call while it runs joins it); a failure lets the next call try again. */
  readonly load: () => Promise<T>;
};

/**
 * One on-demand load, kept for the page's life. A load that fails (offline, a deploy in
 * between) is reported the way the shell reports its other chunks (`[jmswap] ... did not load`
 * on the console) and forgotten, so the next request tries again.
 */
export function onDemand<T>(what: string, load: () => Promise<T>): OnDemand<T> {
  let done: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  return {
    loaded: () => done,
    // A settled load stays in `pending`, so later calls take its value without loading again.
    load: () =>
      (pending ??= load().then(
        (value) => {
          done = { value };
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          console.error(`[jmswap] ${what} did not load`, error);
          throw error;
        },
      )),
  };
}

/**
 * What `loader` gives, once `wanted` (a click's state) has asked for it and it has arrived;
 * undefined before. `onFailed` runs when the load fails, so the caller can undo the request
 * (the next click then tries again).
 */
export function useOnDemand<T>(
  loader: OnDemand<T>,
  wanted: boolean,
  onFailed?: () => void,
): T | undefined {
  const [arrived, setArrived] = useState(loader.loaded);
  useEffect(() => {
    if (!wanted || arrived) return;
    let live = true;
    loader.load().then(
      (value) => live && setArrived({ value }),
      () => live && onFailed?.(),
    );
    return () => {
      live = false;
    };
    // onFailed is the caller's undo of this request, read when the load fails.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loader, wanted, arrived]);
  return arrived?.value;
}
