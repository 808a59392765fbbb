import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListingPage, LISTING_FIELDS } from './ListingPage';

it('shows the TOKEN LISTING form with every field and reports a failed submission', async () => {
  render(<ListingPage network="TRON" query={{}} />);
  expect(screen.getByRole('heading', { name: 'TOKEN LISTING' })).toBeInTheDocument();
  for (const field of LISTING_FIELDS)
    expect(screen.getByRole('textbox', { name: field })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'type' })).toHaveAttribute('placeholder', 'TRC-20');
  await userEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
  expect(screen.getByRole('status')).toHaveTextContent(
    'Oops! There was a problem submitting your form',
  );
});
