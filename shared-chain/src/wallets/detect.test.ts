import {
  WalletSilentError,
  announcedBrowserWallets,
  announcedWalletNames,
  classifyConnectFailure,
  hostWalletOffers,
  isWalletChoiceNeeded,
  WalletChoiceNeeded,
  isPhoneBrowser,
  metaMaskOpenUrl,
  tronLinkOpenUrl,
  walletIcon,
  withWalletAnswer,
} from './detect';

/** A window with EIP-6963 wallets that announce themselves when asked. */
function fakeWindow(extra: Record<string, unknown> = {}, wallets: string[] = []) {
  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () => {
    wallets.forEach((name, i) =>
      target.dispatchEvent(
        Object.assign(new Event('eip6963:announceProvider'), {
          detail: { info: { uuid: `u${i}`, name, rdns: `x.${i}` }, provider: {} },
        }),
      ),
    );
  });
  return Object.assign(target, extra);
}

it('lists the browser wallets the chooser offers: one per id, not the Binance wallet, no nameless one or overlong id, long names cut', () => {
  const target = new EventTarget();
  const infos = [
    { uuid: 'a', name: 'MetaMask', rdns: 'io.metamask' },
    { uuid: 'b', name: 'Rabby Wallet', rdns: 'io.rabby' },
    { uuid: 'c', name: 'MetaMask', rdns: 'io.metamask' }, // announced twice
    { uuid: 'd', name: 'Binance Wallet', rdns: 'com.binance.wallet' },
    { uuid: 'e', name: '', rdns: 'x.nameless' },
    { uuid: 'f', name: 'W'.repeat(300), rdns: 'x.long' },
    { uuid: 'g', name: 'No id' },
    { uuid: 'h', name: 'Long id', rdns: `x.${'y'.repeat(120)}` },
  ];
  target.addEventListener('eip6963:requestProvider', () =>
    infos.forEach((info) =>
      target.dispatchEvent(
        Object.assign(new Event('eip6963:announceProvider'), { detail: { info, provider: {} } }),
      ),
    ),
  );
  expect(announcedBrowserWallets(target)).toEqual([
    { rdns: 'io.metamask', name: 'MetaMask' },
    { rdns: 'io.rabby', name: 'Rabby Wallet' },
    { rdns: 'x.long', name: `${'W'.repeat(39)}…` },
  ]);
  expect(announcedBrowserWallets(new EventTarget())).toEqual([]);
});

it("keeps a wallet's logo only when it is a data: image of a modest size", () => {
  const svg = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  expect(walletIcon(svg)).toBe(svg);
  expect(walletIcon(png)).toBe(png);
  expect(walletIcon('https://rabby.io/logo.png')).toBeUndefined(); // a host the CSP refuses
  expect(walletIcon('javascript:alert(1)')).toBeUndefined();
  expect(walletIcon('data:text/html,<script>alert(1)</script>')).toBeUndefined();
  expect(walletIcon(`data:image/png;base64,${'A'.repeat(200_000)}`)).toBeUndefined();
  expect(walletIcon({ src: png })).toBeUndefined();

  const target = new EventTarget();
  target.addEventListener('eip6963:requestProvider', () =>
    [
      { uuid: 'a', name: 'MetaMask', rdns: 'io.metamask', icon: svg },
      { uuid: 'b', name: 'Rabby Wallet', rdns: 'io.rabby', icon: 'https://rabby.io/logo.png' },
    ].forEach((info) =>
      target.dispatchEvent(
        Object.assign(new Event('eip6963:announceProvider'), { detail: { info, provider: {} } }),
      ),
    ),
  );
  expect(announcedBrowserWallets(target)).toEqual([
    { rdns: 'io.metamask', name: 'MetaMask', icon: svg },
    { rdns: 'io.rabby', name: 'Rabby Wallet' },
  ]);
});

it("reads a widget host's offer of its wallets as announcements are read; fewer than two is no offer", () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  expect(
    hostWalletOffers({
      choose: [
        { rdns: 'io.metamask', name: 'MetaMask', icon: png },
        { rdns: 'io.rabby', name: 'Rabby Wallet', icon: 'https://rabby.io/logo.png' },
        { rdns: 'io.rabby', name: 'Rabby again' },
        { rdns: '', name: 'No id' },
        'not a wallet',
      ],
    }),
  ).toEqual([
    { rdns: 'io.metamask', name: 'MetaMask', icon: png },
    { rdns: 'io.rabby', name: 'Rabby Wallet' },
  ]);
  expect(hostWalletOffers({ choose: [{ rdns: 'io.metamask', name: 'MetaMask' }] })).toBeUndefined();
  expect(hostWalletOffers({ address: '0xabc' })).toBeUndefined();
  expect(hostWalletOffers(null)).toBeUndefined();
  const many = Array.from({ length: 20 }, (_, i) => ({ rdns: `x.${i}`, name: `W${i}` }));
  expect(hostWalletOffers({ choose: many })).toHaveLength(8);

  const choice = new WalletChoiceNeeded([{ rdns: 'io.rabby', name: 'Rabby Wallet' }]);
  expect(isWalletChoiceNeeded(choice)).toBe(true);
  // Another bundle's copy of the class is recognised by its name and its wallets.
  const copy = Object.assign(new Error('x'), { name: 'WalletChoiceNeeded', wallets: [] });
  expect(isWalletChoiceNeeded(copy)).toBe(true);
  expect(isWalletChoiceNeeded(new Error('x'))).toBe(false);
});

describe('a wallet that is missing, locked or silent', () => {
  it('TronLink absent: the install message with its official link', () => {
    const problem = classifyConnectFailure(
      'tronlink',
      new Error('Install or unlock TronLink'),
      fakeWindow(),
    );
    expect(problem?.message).toBe(
      'TronLink was not found. Install it or unlock it, then try again',
    );
    expect(problem?.install?.href).toBe('https://www.tronlink.org/');
    expect(problem?.reason).toBe('missing');
  });

  it('no browser wallet: MetaMask link, and the EIP-6963 wallets that were found', () => {
    const win = fakeWindow({}, ['Rabby Wallet', 'Coinbase Wallet']);
    expect(announcedWalletNames(win)).toEqual(['Rabby Wallet', 'Coinbase Wallet']);
    const problem = classifyConnectFailure('injected', new Error('x'), fakeWindow());
    expect(problem?.message).toBe(
      'MetaMask was not found. Install it or unlock it, then try again',
    );
    expect(problem?.install?.href).toBe('https://metamask.io/download/');
    const silent = classifyConnectFailure('injected', new WalletSilentError(), win);
    expect(silent?.reason).toBe('silent');
    expect(silent?.found).toEqual(['Rabby Wallet', 'Coinbase Wallet']);

    // Rabby picked by its name and silent: the note names Rabby, offers no MetaMask download,
    // and lists the other wallets found.
    const rabby = classifyConnectFailure('injected', new WalletSilentError(), win, 'Rabby Wallet');
    expect(rabby).toMatchObject({
      reason: 'silent',
      message: 'Rabby Wallet was not found. Install it or unlock it, then try again',
      detail: 'Rabby Wallet did not answer within 8 seconds; it may be locked.',
      found: ['Coinbase Wallet'],
    });
    expect(rabby?.install).toBeUndefined();
  });

  it('TronLink present but locked or silent says so too', () => {
    const win = fakeWindow({ tronLink: {} });
    expect(
      classifyConnectFailure('tronlink', new Error('Install or unlock TronLink'), win)?.reason,
    ).toBe('silent');
    expect(classifyConnectFailure('tronlink', new WalletSilentError(), win)?.detail).toMatch(
      /did not answer within 8 seconds/,
    );
  });

  it('other failures of a present wallet are not called "not found"', () => {
    const win = fakeWindow({ ethereum: {} });
    expect(
      classifyConnectFailure('injected', new Error('Internal JSON-RPC error'), win),
    ).toBeUndefined();
    expect(classifyConnectFailure('walletconnect', new Error('x'), win)).toBeUndefined();
  });

  it('a wallet that does not answer in time rejects with WalletSilentError', async () => {
    jest.useFakeTimers();
    const pending = withWalletAnswer(new Promise(() => undefined), 8000);
    jest.advanceTimersByTime(8000);
    await expect(pending).rejects.toBeInstanceOf(WalletSilentError);
    jest.useRealTimers();
    await expect(withWalletAnswer(Promise.resolve('ok'), 10)).resolves.toBe('ok');
  });
});

describe('opening this page in a wallet app', () => {
  const page = 'https://jmswap.example/charts?n=BSC&from=USDT#top';

  it('TronLink: the documented pull.activity link with the page in its url-encoded JSON', () => {
    const link = tronLinkOpenUrl(page);
    expect(link.startsWith('tronlinkoutside://pull.activity?param=')).toBe(true);
    const param = new URL(link.replace('tronlinkoutside://', 'https://x/')).searchParams.get(
      'param',
    );
    expect(JSON.parse(param!)).toMatchObject({
      url: page,
      action: 'open',
      protocol: 'TronLink',
      version: '1.0',
    });
    // the whole JSON is encoded: no raw braces, quotes or & that would split the query
    expect(link.slice(link.indexOf('=') + 1)).not.toMatch(/[{}"&]/);
  });

  it('MetaMask: the dapp link with the page url after /dapp/, scheme dropped', () => {
    expect(metaMaskOpenUrl(page)).toBe(
      'https://link.metamask.io/dapp/jmswap.example/charts?n=BSC&from=USDT#top',
    );
    expect(metaMaskOpenUrl('http://localhost:8080/')).toBe(
      'https://link.metamask.io/dapp/localhost:8080/',
    );
  });

  it('recognises phone browsers', () => {
    expect(
      isPhoneBrowser({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }),
    ).toBe(true);
    expect(isPhoneBrowser({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile' })).toBe(
      true,
    );
    expect(
      isPhoneBrowser({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
  });
});
