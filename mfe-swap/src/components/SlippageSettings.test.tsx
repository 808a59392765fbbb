import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SlippageSettings } from './SlippageSettings';

const FRONTRUN = 'Your transaction may be frontrun: the slippage is high.';

/** The settings as the swap box holds them: the slippage is its state. */
function Box({ suggestedBps }: { suggestedBps: number }) {
  const [slippageBps, setSlippage] = useState(500);
  const [deadline, setDeadline] = useState(5);
  return (
    <>
      <SlippageSettings
        slippageBps={slippageBps}
        suggestedBps={suggestedBps}
        onChange={setSlippage}
        exactApproval={false}
        onExactApproval={() => {}}
        deadlineMinutes={deadline}
        onDeadline={setDeadline}
      />
      <p>Deadline in force: {deadline}</p>
    </>
  );
}

it("takes a taxed route's suggestion without warning against it, and warns above it", async () => {
  const user = userEvent.setup();
  render(<Box suggestedBps={800} />);
  await user.click(screen.getByRole('button', { name: 'Slippage 5.00%' }));
  expect(
    screen.getByText(/This route moves taxed tokens: a slippage of 8.00% covers their tax/),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Use 8.00%' }));
  expect(screen.getByRole('button', { name: 'Slippage 8.00%' })).toBeVisible();
  expect(screen.queryByText(FRONTRUN)).toBeNull();
  await user.type(screen.getByRole('textbox', { name: 'Custom %' }), '9');
  expect(screen.getByRole('button', { name: 'Slippage 9.00%' })).toBeVisible();
  expect(screen.getByText(FRONTRUN)).toBeVisible();
});

it('warns above 5% on a route without taxes', async () => {
  const user = userEvent.setup();
  render(<Box suggestedBps={500} />);
  await user.click(screen.getByRole('button', { name: 'Slippage 5.00%' }));
  expect(screen.queryByText(/covers their tax/)).toBeNull();
  await user.type(screen.getByRole('textbox', { name: 'Custom %' }), '6');
  expect(screen.getByText(FRONTRUN)).toBeVisible();
});

it('takes a slippage typed with a decimal comma or by a full-width input method', async () => {
  const user = userEvent.setup();
  render(<Box suggestedBps={500} />);
  await user.click(screen.getByRole('button', { name: 'Slippage 5.00%' }));
  const custom = screen.getByRole('textbox', { name: 'Custom %' });
  await user.type(custom, '０。７５');
  expect(screen.getByRole('button', { name: 'Slippage 0.75%' })).toBeVisible();
  await user.clear(custom);
  await user.type(custom, '1,5');
  expect(screen.getByRole('button', { name: 'Slippage 1.50%' })).toBeVisible();
  const deadline = screen.getByRole('textbox', { name: 'Transaction deadline (minutes)' });
  await user.clear(deadline);
  await user.type(deadline, '１５');
  expect(deadline).toHaveValue('15');
  expect(screen.getByText('Deadline in force: 15')).toBeVisible();
});
