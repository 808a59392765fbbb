import { act, render, screen } from '@testing-library/react';
import { onDemand, useOnDemand } from './onDemand';

it('loads once for requests that overlap, and a failed load is logged and retried by the next request', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = jest
    .fn<Promise<string>, []>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue('the panel');
  const panel = onDemand('the test panel', load);
  await expect(Promise.all([panel.load(), panel.load()])).rejects.toThrow('offline');
  expect(load).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalledWith(
    '[jmswap] the test panel did not load',
    expect.objectContaining({ message: 'offline' }),
  );
  expect(panel.loaded()).toBeUndefined();
  await expect(panel.load()).resolves.toBe('the panel');
  await expect(panel.load()).resolves.toBe('the panel');
  expect(load).toHaveBeenCalledTimes(2);
  expect(panel.loaded()).toEqual({ value: 'the panel' });
  error.mockRestore();
});

it('a component asks only when wanted, and one mounted after the load has it at once', async () => {
  const load = jest.fn(async () => 'ready');
  const thing = onDemand('the thing', load);
  function Show({ wanted }: { wanted: boolean }) {
    return <p>{useOnDemand(thing, wanted) ?? 'nothing'}</p>;
  }
  const first = render(<Show wanted={false} />);
  expect(load).not.toHaveBeenCalled();
  first.rerender(<Show wanted />);
  expect(await screen.findByText('ready')).toBeInTheDocument();
  first.unmount();
  render(<Show wanted={false} />);
  // Already there: the first render shows it, no second load.
  expect(screen.getByText('ready')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => undefined);
});
