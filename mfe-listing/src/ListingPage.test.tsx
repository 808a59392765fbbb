import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, setNetworks } from '@jmswap/shared-chain';
import { ListingPage, LISTING_FIELDS } from './ListingPage';

const file = parseNetworksFile(production);
file.networks.TRON.api = { ...file.networks.TRON.api, url: 'https://api.example.test/' };
const ACTION = 'https://api.example.test/v1/listing';

let fetchMock: jest.Mock;
beforeAll(() => setNetworks(file));
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const status = () => screen.getByRole('status');
// Network offers the networks as suggestions: a combobox.
const field = (name: string) =>
  screen.getByRole(name === 'network' ? 'combobox' : 'textbox', { name });

async function fillAndSubmit(query: Record<string, string> = {}) {
  render(<ListingPage network="TRON" query={query} />);
  await userEvent.type(field('name'), 'Moon Token');
  await userEvent.type(field('contract'), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await userEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
}

it('shows the TOKEN LISTING form with every field', () => {
  render(<ListingPage network="TRON" query={{}} />);
  expect(screen.getByRole('heading', { name: 'TOKEN LISTING' })).toBeInTheDocument();
  for (const name of LISTING_FIELDS) expect(field(name)).toBeInTheDocument();
  expect(field('type')).toHaveAttribute('placeholder', 'TRC-20');
});

it("Network and Type come filled in with the header's network and its token standard, and follow it until written in", async () => {
  const { rerender } = render(<ListingPage network="TRON" query={{}} />);
  expect(field('network')).toHaveValue('TRON');
  expect(field('type')).toHaveValue('TRC-20');
  const offered = [
    ...document.querySelectorAll(`datalist#${field('network').getAttribute('list')} option`),
  ];
  expect(offered.map((o) => o.getAttribute('value'))).toEqual([
    'TRON',
    'BSC',
    'POLY',
    'BTTC',
    'ETH',
  ]);

  // A tab in the header: the same form, with what was typed in it.
  await userEvent.type(field('name'), 'Moon Token');
  rerender(<ListingPage network="BSC" query={{}} />);
  expect(field('network')).toHaveValue('BSC');
  expect(field('type')).toHaveValue('BEP-20');
  expect(field('name')).toHaveValue('Moon Token');

  // Written by the user: Type follows the network written; a tab no longer changes it.
  await userEvent.clear(field('network'));
  await userEvent.type(field('network'), 'poly');
  expect(field('type')).toHaveValue('ERC-20');
  rerender(<ListingPage network="TRON" query={{}} />);
  expect(field('network')).toHaveValue('poly');
  await userEvent.clear(field('type'));
  await userEvent.type(field('type'), 'ERC20');
  await userEvent.clear(field('network'));
  await userEvent.type(field('network'), 'ETH');
  expect(field('type')).toHaveValue('ERC20');
});

it('posts multipart data with Accept JSON to the deployment API and thanks the user', async () => {
  let release: (r: Response) => void = () => undefined;
  fetchMock.mockReturnValue(new Promise<Response>((r) => (release = r)));
  await fillAndSubmit();
  expect(status()).toHaveTextContent('Sending...');
  expect(screen.getByRole('button', { name: 'SUBMIT' })).toBeDisabled();
  release(json(200, { ok: true, id: 7 }));
  await waitFor(() => expect(status()).toHaveTextContent('Thanks for your submission!'));
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(ACTION);
  expect(init.method).toBe('POST');
  expect(init.headers).toEqual({ Accept: 'application/json' });
  const body = init.body as FormData;
  expect(body.get('name')).toBe('Moon Token');
  expect(body.get('contract')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  expect([...body.keys()]).toEqual([...LISTING_FIELDS]);
  expect(body.get('network')).toBe('TRON');
  expect(body.get('type')).toBe('TRC-20');
  // The form is cleared for the next request, the network filled in again.
  expect(field('name')).toHaveValue('');
  expect(field('network')).toHaveValue('TRON');
});

it('ignores an action url in the address bar', async () => {
  fetchMock.mockResolvedValue(json(200, { ok: true, id: 1 }));
  await fillAndSubmit({ listingAction: 'https://elsewhere.test/steal' });
  await waitFor(() => expect(status()).toHaveTextContent('Thanks for your submission!'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0][0]).toBe(ACTION);
});

it('shows the first validation error of the server', async () => {
  fetchMock.mockResolvedValue(
    json(400, {
      error: 'Bad Request',
      errors: [
        { field: 'contract', message: 'is not a valid TRON address' },
        { field: 'email', message: 'is not an email address' },
      ],
    }),
  );
  await fillAndSubmit();
  await waitFor(() =>
    expect(status()).toHaveTextContent('Validation error: contract is not a valid TRON address'),
  );
  expect(field('name')).toHaveValue('Moon Token');
});

it('marks every field the server refused, says why under each, and focuses the first', async () => {
  fetchMock.mockResolvedValue(
    json(400, {
      errors: [
        { field: 'email', message: 'is not a valid email address' },
        { field: 'contract', message: 'is not a valid TRON address' },
        { field: 'no-such-field', message: 'is required' },
      ],
    }),
  );
  await fillAndSubmit();
  await waitFor(() => expect(field('contract')).toHaveAttribute('aria-invalid', 'true'));
  // The status line is the server's first error; the focus goes to the first field on the form.
  expect(status()).toHaveTextContent('Validation error: email is not a valid email address');
  expect(field('contract')).toHaveFocus();
  expect(field('contract')).toHaveAccessibleDescription('is not a valid TRON address');
  expect(field('email')).toHaveAccessibleDescription('is not a valid email address');
  expect(field('name')).not.toHaveAttribute('aria-invalid');
  // Edited, the field is no longer marked; the others stay.
  await userEvent.type(field('contract'), 'x');
  expect(field('contract')).not.toHaveAttribute('aria-invalid');
  expect(field('contract')).not.toHaveAccessibleDescription();
  expect(field('email')).toHaveAttribute('aria-invalid', 'true');
  // Accepted at last: no mark left.
  fetchMock.mockResolvedValue(json(200, { ok: true, id: 1 }));
  await userEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
  await waitFor(() => expect(status()).toHaveTextContent('Thanks for your submission!'));
  expect(field('email')).not.toHaveAttribute('aria-invalid');
});

it('says clearly when the token was already submitted', async () => {
  fetchMock.mockResolvedValue(
    json(409, {
      error: 'Conflict',
      errors: [{ field: 'contract', message: 'was already submitted for TRON' }],
    }),
  );
  await fillAndSubmit();
  await waitFor(() =>
    expect(status()).toHaveTextContent('Validation error: contract was already submitted for TRON'),
  );
});

it.each([
  ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['the server answers HTML', () => Promise.resolve(new Response('<h1>502</h1>', { status: 502 }))],
  ['the server is rate limiting', () => Promise.resolve(json(429, { error: 'Too Many Requests' }))],
  ['a 200 answer is not a success', () => Promise.resolve(json(200, { ok: false }))],
])('says Oops when %s', async (_what, answer) => {
  fetchMock.mockImplementation(answer);
  await fillAndSubmit();
  await waitFor(() =>
    expect(status()).toHaveTextContent('Oops! There was a problem submitting your form'),
  );
});

it('renders the server texts as text, never as markup', async () => {
  fetchMock.mockResolvedValue(
    json(400, { errors: [{ field: '<img src=x onerror=alert(1)>', message: '<b>bad</b>' }] }),
  );
  await fillAndSubmit();
  await waitFor(() =>
    expect(status()).toHaveTextContent('Validation error: <img src=x onerror=alert(1)> <b>bad</b>'),
  );
  expect(status().querySelector('img, b')).toBeNull();
});
