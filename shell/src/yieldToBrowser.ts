interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between. An await of something already settled does not: at boot every response has usually
 * arrived, and the boot's steps would otherwise run as microtasks of one long task (Lighthouse
 * counted main.js's task at up to 1 s at 4x CPU). `scheduler.yield()` resumes ahead of other
 * queued tasks where the browser has it; elsewhere a message to ourselves is a new task without
 * setTimeout's 4 ms clamp.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
