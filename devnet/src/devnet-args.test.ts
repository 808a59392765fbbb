import { parseDevnetArgs } from './devnet';

describe('the devnet command line', () => {
  it('takes no option: the default ports, config path and api url', () => {
    const relay = { walletConnect: { relayPort: 8086 } };
    expect(parseDevnetArgs([])).toEqual({ fresh: false, ...relay });
    expect(parseDevnetArgs(['--fresh'])).toEqual({ fresh: true, ...relay });
  });

  it('moves the chains, the networks file and the api url (npm run start:prod)', () => {
    const opts = parseDevnetArgs([
      '--ports',
      'BSC=7546,POLY=7547,BTTC=7548,ETH=7549,TRON=7090,TRON_ANVIL=7545,WC_RELAY=7086',
      '--config',
      '/tmp/x/networks.json',
      '--api-url',
      'http://localhost:7070',
    ]);
    expect(opts).toEqual({
      fresh: false,
      ports: { BSC: 7546, POLY: 7547, BTTC: 7548, ETH: 7549 },
      tronPorts: { node: 7090, anvil: 7545 },
      walletConnect: { relayPort: 7086 },
      configPath: '/tmp/x/networks.json',
      apiUrl: 'http://localhost:7070',
    });
  });

  it('refuses what it does not understand', () => {
    expect(() => parseDevnetArgs(['--ports', 'SOL=1'])).toThrow(/unknown chain "SOL"/);
    expect(() => parseDevnetArgs(['--ports', 'BSC=http'])).toThrow(/not NAME=PORT/);
    expect(() => parseDevnetArgs(['--config'])).toThrow(/needs a value/);
    expect(() => parseDevnetArgs(['--profile', 'huge'])).toThrow(/not default or large/);
  });

  it('takes the large profile from --profile or JMSWAP_PROFILE, the default otherwise', () => {
    expect(parseDevnetArgs(['--profile', 'large']).profile).toBe('large');
    expect(parseDevnetArgs([], { JMSWAP_PROFILE: 'large' }).profile).toBe('large');
    expect(parseDevnetArgs(['--profile', 'default'], { JMSWAP_PROFILE: 'large' }).profile).toBe(
      'default',
    );
    expect(parseDevnetArgs([]).profile).toBeUndefined();
  });
});
