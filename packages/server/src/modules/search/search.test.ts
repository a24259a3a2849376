import { randomUUID } from 'node:crypto';
import type { ProjectDto, SearchHit } from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { globalSearchStatement, SEARCH_SOURCES } from './search.service';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
/** A word no other test's data contains, so the search finds only this file's records (shared PostgreSQL). */
const word = `zq${randomUUID().slice(0, 8)}`;
let fjord: ProjectDto;
let street: ProjectDto;
let archived: ProjectDto;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInUser();
  mallory = await server.signedInUser();
  const customer = await seedCustomer(server.ctx.db, alice.companyId, { name: `Fjordbygg ${word} AS` });
  fjord = await alice.client.request('project:create', { name: 'Nytt bygg', customerId: customer.id });
  street = await alice.client.request('project:create', {
    name: `Kontorbygg ${word}`,
    projectAddress: 'Strandgata 5',
    projectCity: 'Bergen',
  });
  const toArchive = await alice.client.request('project:create', {
    name: 'Lager',
    projectAddress: `${word}veien 1`,
  });
  archived = await alice.client.request('project:archive', {
    id: toArchive.id,
    version: toArchive.version,
    reason: 'Avlyst',
  });
  await mallory.client.request('project:create', {
    name: `Hemmelig ${word}`,
    projectAddress: `${word}veien 2`,
  });
});
afterAll(async () => {
  await server?.close();
});

const hitsOf = async (user: SignedInUser, term: string, limitPerKind?: number) => {
  const result = await user.client.request('search:global', { term, limitPerKind });
  return result.groups.flatMap((group) => group.hits);
};

describe('search:global', () => {
  it('finds projects by name, address and customer name, grouped by kind, newest number first', async () => {
    const result = await alice.client.request('search:global', { term: word.toUpperCase() });
    expect(result.term).toBe(word.toUpperCase());
    expect(result.groups.map((group) => group.kind)).toEqual(['project']);
    expect(result.groups[0]?.hits).toEqual<SearchHit[]>([
      {
        kind: 'project',
        id: archived.id,
        number: archived.number,
        title: 'Lager',
        subtitle: `${word}veien 1`,
        archived: true,
      },
      {
        kind: 'project',
        id: street.id,
        number: street.number,
        title: `Kontorbygg ${word}`,
        subtitle: 'Strandgata 5, Bergen',
        archived: false,
      },
      {
        kind: 'project',
        id: fjord.id,
        number: fjord.number,
        title: 'Nytt bygg',
        subtitle: `Fjordbygg ${word} AS`,
        archived: false,
      },
    ]);
  });

  it('finds a project by its number, ranked before other matches', async () => {
    const hits = await hitsOf(alice, String(street.number));
    expect(hits[0]).toMatchObject({ id: street.id, number: street.number });
  });

  it('lists a record matching by both its own text and its customer once', async () => {
    const hits = await hitsOf(alice, 'fjordbygg');
    expect(hits.filter((hit) => hit.id === fjord.id)).toHaveLength(1);
  });

  it('matches Norwegian letters in any case', async () => {
    const project = await alice.client.request('project:create', {
      name: `Ærfugl ${word}`,
      projectCity: 'Ålesund',
    });
    for (const term of [`ærfugl ${word}`, `ÆRFUGL ${word.toUpperCase()}`]) {
      expect((await hitsOf(alice, term)).map((hit) => hit.id)).toEqual([project.id]);
    }
    expect((await hitsOf(alice, 'ÅLESUND')).map((hit) => hit.id)).toContain(project.id);
    await alice.client.request('project:delete', { id: project.id, version: project.version });
  });

  it('keeps to the limit per kind', async () => {
    expect(await hitsOf(alice, word, 2)).toHaveLength(2);
  });

  it("never shows another company's records", async () => {
    const theirs = await hitsOf(mallory, word);
    expect(theirs.map((hit) => hit.title)).toEqual([`Hemmelig ${word}`]);
    expect((await hitsOf(alice, 'Hemmelig')).some((hit) => hit.title.includes(word))).toBe(false);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await hitsOf(alice, '%')).toEqual([]);
    expect(await hitsOf(alice, `${word.slice(0, 4)}_`)).toEqual([]);
  });

  it('answers an empty result without groups', async () => {
    expect(await alice.client.request('search:global', { term: `nothing-${word}` })).toEqual({
      term: `nothing-${word}`,
      groups: [],
    });
  });

  it('refuses an empty, blank or too long term, and a bad limit', async () => {
    for (const input of [
      { term: '' },
      { term: '   ' },
      { term: 'x'.repeat(101) },
      { term: 'ok', limitPerKind: 0 },
      { term: 'ok', limitPerKind: 21 },
    ]) {
      expect((await alice.client.requestError('search:global', input)).code).toBe('VALIDATION');
    }
  });
});

describe('globalSearchStatement', () => {
  it('unites every registered source into one statement, in kind order', async () => {
    const query = { companyId: alice.companyId, term: word, limit: 5 };
    const statement = globalSearchStatement(query);
    expect(statement).not.toBeNull();
    expect(globalSearchStatement(query, {})).toBeNull();
    // A second source (here the project source again, standing in for offers) joins the same statement.
    const twice = globalSearchStatement(query, {
      offer: SEARCH_SOURCES.project,
      project: SEARCH_SOURCES.project,
    });
    if (!twice) throw new Error('No statement');
    const rows = ((await server.ctx.db.execute(twice)) as unknown as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(6);
  });
});
