import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { activateLanguage, parseNetworksFile, setNetworks } from '@jmswap/shared-chain';
import { ListingPage } from './ListingPage';

const file = parseNetworksFile(production);
file.networks.TRON.api = { ...file.networks.TRON.api, url: 'https://api.example.test/' };

beforeAll(() => setNetworks(file));
afterEach(async () => {
  await act(() => activateLanguage('en'));
  jest.restoreAllMocks();
});

it('in Chinese: the form, its labels and the server field error, networks untranslated', async () => {
  global.fetch = jest
    .fn()
    .mockResolvedValue(
      new Response(
        JSON.stringify({ errors: [{ field: 'contract', message: 'is not a valid TRON address' }] }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
  render(<ListingPage network="TRON" query={{}} />);
  await act(() => activateLanguage('zh-CN'));
  expect(screen.getByRole('heading', { name: '代币上架' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: '网络' })).toHaveAttribute(
    'placeholder',
    'TRON、BSC、POLY、BTTC 或 ETH',
  );
  await userEvent.type(screen.getByRole('textbox', { name: '合约地址' }), 'TR7NHq');
  await userEvent.click(screen.getByRole('button', { name: '提交' }));
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('验证错误：合约地址 不是有效的 TRON 地址'),
  );
});
