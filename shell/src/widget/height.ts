/** The widget's height, posted to its host every 500 ms when it changed (product.md section 9). */
export const WIDGET_HEIGHT = 'JMSwapHeight';
export const HEIGHT_POLL_MS = 500;

export function startHeightReports(
  win: Window,
  parentOrigin: string,
  measure: () => number,
): () => void {
  let last = 0;
  const tick = () => {
    const height = Math.ceil(measure());
    if (height <= 0 || height === last) return;
    last = height;
    win.parent.postMessage({ type: WIDGET_HEIGHT, height }, parentOrigin);
  };
  tick();
  const timer = win.setInterval(tick, HEIGHT_POLL_MS);
  return () => win.clearInterval(timer);
}
