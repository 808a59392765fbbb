/**
 * The page's other work in a render test (a tap, a network answer): a task every turn of the
 * event loop, counted, so a test can tell whether a long render let other tasks run in between.
 */
export function startOtherWork(): { tasks: () => number; stop: () => void } {
  let tasks = 0;
  let running = true;
  const otherWork = () => {
    tasks += 1;
    if (running) setTimeout(otherWork, 0);
  };
  otherWork();
  return { tasks: () => tasks, stop: () => (running = false) };
}
