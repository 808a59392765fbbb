import { loadLogosAhead } from './logos';

/** Images that load only when the test says so. */
class FakeImage extends EventTarget {
  static made: FakeImage[] = [];
  src = '';
  constructor() {
    super();
    FakeImage.made.push(this);
  }
}

const idle: Array<() => void> = [];
const runIdle = () => {
  while (idle.length > 0) idle.shift()!();
};

beforeEach(() => {
  FakeImage.made = [];
  Object.assign(globalThis, {
    Image: FakeImage,
    requestIdleCallback: (run: () => void) => idle.push(run),
    cancelIdleCallback: () => idle.splice(0),
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'requestIdleCallback');
  Reflect.deleteProperty(globalThis, 'cancelIdleCallback');
});

it('loads the logos while the browser is idle, one after the other, each once', () => {
  const logos = jest.fn(() => ['/a.svg', '/b.svg']);
  loadLogosAhead(logos);
  expect(logos).not.toHaveBeenCalled();
  runIdle();
  expect(FakeImage.made.map((image) => image.src)).toEqual(['/a.svg']);
  // The next one waits for the first to have loaded (a failed one counts too).
  runIdle();
  expect(FakeImage.made).toHaveLength(1);
  FakeImage.made[0]!.dispatchEvent(new Event('error'));
  runIdle();
  expect(FakeImage.made.map((image) => image.src)).toEqual(['/a.svg', '/b.svg']);
  FakeImage.made[1]!.dispatchEvent(new Event('load'));
  runIdle();
  // A later list with the same logos loads none of them again.
  loadLogosAhead(() => ['/b.svg', '/a.svg', '/c.svg']);
  runIdle();
  expect(FakeImage.made.map((image) => image.src)).toEqual(['/a.svg', '/b.svg', '/c.svg']);
  expect(logos).toHaveBeenCalledTimes(1);
});

it('stops when the list is gone', () => {
  const stop = loadLogosAhead(() => ['/d.svg', '/e.svg']);
  runIdle();
  stop();
  FakeImage.made[0]!.dispatchEvent(new Event('load'));
  runIdle();
  expect(FakeImage.made.map((image) => image.src)).toEqual(['/d.svg']);
});
