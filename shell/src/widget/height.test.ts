import { HEIGHT_POLL_MS, startHeightReports, WIDGET_HEIGHT } from './height';

describe('widget height', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('posts the height to the host origin only when it changed', () => {
    const parent = { postMessage: jest.fn() };
    const win = {
      parent,
      setInterval: (f: () => void, ms: number) => setInterval(f, ms),
      clearInterval: (t: ReturnType<typeof setInterval>) => clearInterval(t),
    } as unknown as Window;
    let height = 600.4;
    const stop = startHeightReports(win, 'https://partner.example', () => height);
    jest.advanceTimersByTime(HEIGHT_POLL_MS * 3);
    height = 720;
    jest.advanceTimersByTime(HEIGHT_POLL_MS);
    stop();
    height = 800;
    jest.advanceTimersByTime(HEIGHT_POLL_MS * 2);
    expect(parent.postMessage.mock.calls).toEqual([
      [{ type: WIDGET_HEIGHT, height: 601 }, 'https://partner.example'],
      [{ type: WIDGET_HEIGHT, height: 720 }, 'https://partner.example'],
    ]);
  });
});
