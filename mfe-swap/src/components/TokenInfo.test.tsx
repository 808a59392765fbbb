import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, type TokenConfig } from '@jmswap/shared-chain';
import { TokenInfo, websiteHref } from './TokenInfo';

const { JM, TRX } = parseNetworksFile(production).networks.TRON.tokens as Record<
  string,
  TokenConfig
>;

describe('TokenInfo', () => {
  it('opens the description and the website on a click, and closes on a second one', async () => {
    render(<TokenInfo token={JM!} />);
    const about = screen.getByRole('button', { name: 'About JM' });
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(about);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('JustMoney is a token focused on DeFi');
    expect(screen.getByRole('link', { name: 'https://just.money' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(about).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(about);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('closes on Escape, the focus back on the i, and on a press elsewhere', async () => {
    render(
      <>
        <TokenInfo token={JM!} />
        <p>elsewhere</p>
      </>,
    );
    const about = screen.getByRole('button', { name: 'About JM' });
    await userEvent.click(about);
    fireEvent.pointerDown(screen.getByRole('note'));
    expect(screen.getByRole('note')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('note')).toBeNull();
    expect(about).toHaveFocus();

    await userEvent.click(about);
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows nothing for a token without a description or website', () => {
    const { container } = render(<TokenInfo token={TRX!} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('makes a link of a web address only: the network file is not trusted', async () => {
    render(<TokenInfo token={{ ...JM!, www: 'javascript:alert(1)' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'About JM' }));
    expect(screen.getByRole('note')).toHaveTextContent('javascript:alert(1)');
    expect(screen.queryByRole('link')).toBeNull();
    expect(websiteHref('https://just.money')).toBe('https://just.money/');
    expect(websiteHref('http://example.org/a')).toBe('http://example.org/a');
    expect(websiteHref('data:text/html,hi')).toBeUndefined();
    expect(websiteHref('just.money')).toBeUndefined();
  });
});
