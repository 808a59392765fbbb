/**
 * How long an api answer may take. An api that accepts the connection and then says nothing (a
 * hung process, a stalled proxy) would otherwise leave "Loading Chart..." on screen for minutes:
 * the browser waits that long. Past it, the area that asked says it has no data and asks again
 * at its next refresh, so it comes back on its own when the api answers again.
 */
export const API_ANSWER_MS = 10_000;

/**
 * `read` given a signal that aborts when the caller's does or when `ms` pass; rejects then, even
 * when what it waits for (an answer the page's head script asked for) cannot be aborted.
 */
export async function withinAnswerTime<T>(
  read: (signal: AbortSignal) => Promise<T>,
  callerSignal?: AbortSignal,
  ms: number = API_ANSWER_MS,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abort();
  callerSignal?.addEventListener('abort', abort, { once: true });
  // What the console says of it: the reads log their failure's message.
  const timer = setTimeout(
    () => controller.abort(new Error(`no answer within ${ms / 1000} s`)),
    ms,
  );
  const ended = new Promise<never>((_, reject) => {
    const stop = () => reject(controller.signal.reason);
    if (controller.signal.aborted) stop();
    else controller.signal.addEventListener('abort', stop, { once: true });
  });
  ended.catch(() => undefined);
  try {
    return await Promise.race([read(controller.signal), ended]);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abort);
  }
}

/** How often a page asks again for figures the api did not give. */
export const API_RETRY_MS = 15_000;

/**
 * Calls `again` after `ms`, or, when the page is hidden by then, once it is seen again: a page
 * nobody looks at asks nothing. Never after `signal` aborts (the page left, another network).
 */
export function askAgainWhileSeen(
  again: () => void,
  signal: AbortSignal,
  ms: number = API_RETRY_MS,
): void {
  const timer = setTimeout(() => {
    if (document.hidden)
      document.addEventListener('visibilitychange', again, { once: true, signal });
    else again();
  }, ms);
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
}
