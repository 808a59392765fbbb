/**
 * @jest-environment jest-fixed-jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { useSubject } from './hooks';

function Shown({ subject, label }: { subject: BehaviorSubject<number>; label: string }) {
  const value = useSubject(subject);
  return (
    <p>
      {label} {value}
    </p>
  );
}

test('a component re-rendered by its parent keeps its one subscription and still follows the subject', () => {
  const subject = new BehaviorSubject(1);
  let subscriptions = 0;
  const subscribe = subject.subscribe.bind(subject);
  subject.subscribe = ((...args: Parameters<typeof subscribe>) => {
    subscriptions += 1;
    return subscribe(...args);
  }) as typeof subject.subscribe;
  const { rerender } = render(<Shown subject={subject} label="a" />);
  for (const label of ['b', 'c', 'd', 'e']) rerender(<Shown subject={subject} label={label} />);
  expect(screen.getByText('e 1')).toBeTruthy();
  expect(subscriptions).toBe(1);
  act(() => subject.next(7));
  expect(screen.getByText('e 7')).toBeTruthy();
});
