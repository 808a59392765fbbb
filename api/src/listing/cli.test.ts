import type { Db } from '../db/db';
import { DB_KINDS, freshDb } from '../test/databases';
import { runListingsCli } from './cli';
import { checkListing, type ListingRequest } from './fields';
import { insertListing } from './store';

describe.each(DB_KINDS)('npm run listings on %s', (kind) => {
  let db: Db;
  let id: number;
  const form = {
    name: 'Moon Token',
    network: 'BSC',
    type: 'BEP-20',
    contract: '0x55d398326f99059fF775485246999027B3197955',
    tax: '0',
    supply: '21000000',
    website: 'https://moon.example',
    email: 'team@moon.example',
    telegram: 'moontoken',
  };

  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    const checked = checkListing(form);
    if (!checked.ok) throw new Error('fixture is invalid');
    const request: ListingRequest = checked.request;
    // What a hostile token contract could answer as its name: a terminal escape sequence.
    const chain = { name: 'Moon\u001b[2J Token', symbol: 'MOON', decimals: 18 };
    id = (await insertListing(db, request, chain, '10.0.0.1')) as number;
  });
  afterAll(() => drop());

  it('lists requests newest first and filters by status', async () => {
    const list = await runListingsCli(['list'], db);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^id\s+status\s+network\s+contract\s+name\s+created\n/);
    expect(list.out).toContain(`${id}   new     BSC      ${form.contract}  Moon Token`);
    expect((await runListingsCli(['list', '--status', 'listed'], db)).out).toBe(
      'No listing requests.',
    );
    const json = JSON.parse((await runListingsCli(['list', '--json'], db)).out);
    expect(json).toEqual([expect.objectContaining({ id, status: 'new', supply: '21000000' })]);
  });

  it('shows one request with what the chain said, control characters neutralised', async () => {
    const show = await runListingsCli(['show', String(id)], db);
    expect(show.code).toBe(0);
    expect(show.out).toContain('email          team@moon.example');
    expect(show.out).toContain('chainName      Moon?[2J Token');
    expect(show.out).not.toContain('\u001b');
    expect(await runListingsCli(['show', '999999'], db)).toEqual({
      code: 1,
      out: 'No listing request 999999.',
    });
  });

  it('sets the status with a note and refuses unknown statuses', async () => {
    const set = await runListingsCli(
      ['set-status', String(id), 'listed', '--note', 'pool seeded'],
      db,
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain(`Listing ${id} is now listed.`);
    const row = JSON.parse((await runListingsCli(['show', String(id), '--json'], db)).out);
    expect(row).toMatchObject({ status: 'listed', note: 'pool seeded' });
    expect((await runListingsCli(['set-status', String(id), 'approved'], db)).code).toBe(2);
    expect((await runListingsCli(['list', '--status', 'approved'], db)).code).toBe(2);
    expect((await runListingsCli(['frobnicate'], db)).code).toBe(2);
  });
});
