import { emit } from '@jmswap/shared-chain';
import { forwardOperatorReports } from './operatorReports';

const reportToOperators = jest.fn();
jest.mock('../remotes/report', () => ({
  reportToOperators: (...args: unknown[]) => reportToOperators(...args),
}));

it("posts shared-chain's operator reports (a node set aside) the way the shell's own go", async () => {
  const stop = forwardOperatorReports();
  const cause =
    'BSC: node https://polygon-rpc.com is on chain 137, not 56; set aside until the page is reloaded';
  emit({ type: 'operatorReport', kind: 'node', cause });
  emit({ type: 'analytics', name: 'SWAP' });
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
  expect(reportToOperators).toHaveBeenCalledTimes(1);
  expect(reportToOperators).toHaveBeenCalledWith({ kind: 'node', cause });
  stop();
  emit({ type: 'operatorReport', kind: 'node', cause: 'after' });
  await new Promise((r) => setTimeout(r, 0));
  expect(reportToOperators).toHaveBeenCalledTimes(1);
});
