import { createRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { renderPage } from './renderPage';
import { startOtherWork } from './testing/otherWork';

// The browser's own scheduling of renders, as on the page (no act()).
const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
  .IS_REACT_ACT_ENVIRONMENT;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

test('the first render leaves room for other work and replaces the prerendered frame whole', async () => {
  const container = document.createElement('div');
  container.innerHTML = '<div class="jm-prerendered" inert><h1>drawn at build</h1></div>';
  document.body.append(container);
  const otherWork = startOtherWork();
  // A page of 40 parts, each 3 ms of work (about 120 ms), noting the tasks run so far and
  // whether the prerendered frame is still there.
  const seen: { tasks: number; frame: boolean }[] = [];
  const Part = ({ n }: { n: number }) => {
    const until = performance.now() + 3;
    while (performance.now() < until);
    seen.push({ tasks: otherWork.tasks(), frame: container.querySelector('h1') !== null });
    return <li>part {n}</li>;
  };
  const root = createRoot(container);
  renderPage(
    root,
    <ul>
      {Array.from({ length: 40 }, (_, n) => (
        <Part key={n} n={n} />
      ))}
    </ul>,
  );
  await waitFor(() => expect(container).toHaveTextContent('part 39'), { timeout: 5000 });
  otherWork.stop();
  expect(container.querySelector('.jm-prerendered')).toBeNull();
  // Other tasks ran between the first part and the last: no 120 ms task.
  expect(seen.at(-1)?.tasks).toBeGreaterThan(seen[0]?.tasks ?? 0);
  // Meanwhile the prerendered frame stayed, whole.
  expect(seen.every((s) => s.frame)).toBe(true);
  root.unmount();
  container.remove();
});
