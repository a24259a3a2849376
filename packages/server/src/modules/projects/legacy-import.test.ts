import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { processDate } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createContext } from '../../platform/create-context';
import { createLogger } from '../../platform/logging';
import { seedCompany, seedCustomer, seedDepartment, seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import {
  commandLineActor,
  importLegacyProjects,
  LEGACY_FIELD_MAPPING,
  parseLegacyFile,
} from './legacy-import';
import { projectHistory, projects } from './projects.tables';

let server: TestServer;
let alice: SignedInUser;
let mallory: SignedInUser;
let takenNumber: number;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.signedInUser({ role: 'admin' });
  mallory = await server.signedInUser({ role: 'admin' });
  const db = server.ctx.db;
  await seedCustomer(db, alice.companyId, { name: 'Lørenskog kommune', customerNumber: 31_001 });
  await seedCustomer(db, alice.companyId, { name: 'Ærlige Snekkere AS', customerNumber: 31_002 });
  await seedEmployee(db, alice.companyId, { firstName: 'Åse', lastName: 'Øvrebø' });
  await seedDepartment(db, alice.companyId, 'Montasje Øst');
  // The same customer number in another company must not be found.
  await seedCustomer(db, mallory.companyId, { name: 'Ukjent Kunde AS', customerNumber: 39_999 });
  takenNumber = (await alice.client.request('project:create', { name: 'Finnes fra før' } as never)).number;
});
afterAll(async () => {
  await server?.close();
});

const rowOf = async (companyId: string, number: number) => {
  const [row] = await server.ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.number, number)));
  return row;
};

/** Three records as the old system exported them. */
const legacyFile = () =>
  JSON.stringify([
    {
      _id: '5f1d7a2b9c1e4a0012345678',
      pronummer: '4711',
      navn: 'Lørenskog skole – nye ytterdører',
      kundenr: 31001,
      kunde: 'Lørenskog kommune',
      proman: 'Åse Øvrebø',
      lev_dato: '24.12.2026',
      slutt_dato: '08.01.2027',
      avsluttet: false,
      levert: 'nei',
      montman: '2',
      monttid: '12,5',
      prodtid: 30,
      notatPlan: 'Må ha lift på plass før montering',
      arbeidsordre: 'Nøkkel hos vaktmester på Fjellhamar',
      kontakter_bygg: 'Pål Bråten',
      kontakt_bygg_tel: 98765432,
      project_address: 'Skolegata 1',
      project_postalCode: 1470,
      project_city: 'Lørenskog',
      projectvalue: '1 234 567,50',
      missingData: true,
      missingDataComment: 'Mangler tegninger for 2. etasje',
      offer: { id: 'o-77', nr: 'T-2026-77' },
      serviceFiles: ['servicerapport-1.pdf'],
      kontakt: 'Kari Nordmann',
      projectId: 'p-4711',
      version: 7,
      ekstraFelt: 'beholdes',
      mprj: {
        navn: 'Lørenskog skole',
        startDate: '2026-11-02T00:00:00.000Z',
        department: 'Montasje Øst',
        PID1: { color: '#00ff00', status: 1, just: 0, factor: 8, invoice: false },
      },
    },
    {
      pronummer: takenNumber,
      navn: 'Dobbeltnummer',
      kunde: 'Lørenskog kommune',
      lev_dato: '2026-10-01',
    },
    {
      pronummer: 4712,
      navn: 'Garasjeport Hagan',
      kunde: 'Ukjent Kunde AS',
      kundenr: '39 999',
      proman: 'Ingen Sånn',
      lev_dato: '12/31/2026',
      avsluttet: 'ja',
      levert: '20.12.2026',
      projectvalue: 15000,
    },
  ]);

describe('legacy import', () => {
  it('imports the fields, skips a taken number, reports an unknown customer and keeps the extras', async () => {
    const report = await importLegacyProjects(
      server.ctx,
      commandLineActor(alice.companyId),
      parseLegacyFile(legacyFile()),
    );

    expect(report.skipped).toEqual([
      {
        record: 2,
        number: takenNumber,
        name: 'Dobbeltnummer',
        reason: `project number ${takenNumber} is already taken`,
      },
    ]);
    expect(report.imported.map(({ record, number, name }) => ({ record, number, name }))).toEqual([
      { record: 1, number: 4711, name: 'Lørenskog skole – nye ytterdører' },
      { record: 3, number: 4712, name: 'Garasjeport Hagan' },
    ]);
    expect(report.imported[0]?.notes).toEqual([]);
    expect(report.imported[1]?.notes).toEqual([
      'customer number 39999 or "Ukjent Kunde AS" not found; customer left empty',
      'project manager "Ingen Sånn" not found; project manager left empty',
    ]);

    const school = await alice.client.request('project:get', { id: report.imported[0]!.id! });
    expect(school).toMatchObject({
      number: 4711,
      name: 'Lørenskog skole – nye ytterdører',
      customer: { name: 'Lørenskog kommune', customerNumber: 31_001 },
      projectManager: { displayName: 'Åse Øvrebø' },
      department: { displayName: 'Montasje Øst' },
      state: 'active',
      isClosed: false,
      deliveryDate: '2026-12-24',
      endDate: '2027-01-08',
      startDate: '2026-11-02',
      installationStaff: 2,
      installationHours: 12.5,
      productionHours: 30,
      noteToPlanner: 'Må ha lift på plass før montering',
      workOrderNotes: 'Nøkkel hos vaktmester på Fjellhamar',
      siteContactName: 'Pål Bråten',
      siteContactPhone: '98765432',
      projectAddress: 'Skolegata 1',
      projectPostalCode: '1470',
      projectCity: 'Lørenskog',
      projectValue: 1_234_567_50,
      missingData: true,
      missingDataComment: 'Mangler tegninger for 2. etasje',
    });
    expect((await rowOf(alice.companyId, 4711))?.legacy).toEqual({
      _id: '5f1d7a2b9c1e4a0012345678',
      offer: { id: 'o-77', nr: 'T-2026-77' },
      serviceFiles: ['servicerapport-1.pdf'],
      kontakt: 'Kari Nordmann',
      projectId: 'p-4711',
      version: 7,
      ekstraFelt: 'beholdes',
      delivered: false,
      mprj: {
        navn: 'Lørenskog skole',
        PID1: { color: '#00ff00', status: 1, just: 0, factor: 8, invoice: false },
      },
    });

    // The process cells follow the delivery date, as for a project made in Karm.
    const { columns, entries } = await alice.client.request('mongo:project_process', {
      projectIds: [school.id],
    });
    const first = columns[0]!;
    expect(entries.find((entry) => entry.processColumnId === first.id)?.date).toBe(
      processDate('2026-12-24', first.factor),
    );

    const garage = await rowOf(alice.companyId, 4712);
    expect(garage).toMatchObject({
      customerId: null,
      projectManagerId: null,
      deliveryDate: '2026-12-31',
      isClosed: true,
      state: 'completed',
      projectValue: 15_000_00,
    });
    expect(garage?.legacy).toEqual({
      kunde: 'Ukjent Kunde AS',
      kundenr: '39 999',
      proman: 'Ingen Sånn',
      delivered: '2026-12-20',
    });

    const [history] = await server.ctx.db
      .select()
      .from(projectHistory)
      .where(eq(projectHistory.projectId, school.id));
    expect(history).toMatchObject({
      action: 'imported',
      userId: null,
      changes: { source: 'legacy', number: 4711 },
    });

    // Karm's own numbering carries on after the imported numbers.
    expect((await alice.client.request('project:create', { name: 'Etter importen' } as never)).number).toBe(
      4713,
    );
    // Nothing landed in the other company.
    expect((await mallory.client.request('projects:filter_new', { who: 'alle', status: 'all' })).total).toBe(
      0,
    );
  });

  it('skips records it cannot read, with the field and the reason, and imports the rest', async () => {
    const report = await importLegacyProjects(server.ctx, commandLineActor(alice.companyId), [
      { pronummer: 5001, navn: 'Feil dato', lev_dato: '31.02.2026' },
      { pronummer: 'P-12', navn: 'Feil nummer' },
      { pronummer: 5002, navn: 'Feil beløp', projectvalue: 'mange penger' },
      'ikke et prosjekt',
      { pronummer: 5003, mprj: { navn: 'Fra mprj' }, arbeidsordre: 'x'.repeat(4100) },
      { pronummer: 5003, navn: 'Samme nummer to ganger' },
    ]);
    expect(report.skipped.map(({ record, reason }) => ({ record, reason }))).toEqual([
      { record: 1, reason: 'lev_dato: unrecognised date "31.02.2026"' },
      { record: 2, reason: 'pronummer: not a project number: "P-12"' },
      { record: 3, reason: 'projectvalue: not an amount: "mange penger"' },
      { record: 4, reason: 'not a project record (an object was expected)' },
      { record: 6, reason: 'project number 5003 is already taken' },
    ]);
    expect(report.imported).toMatchObject([
      {
        record: 5,
        number: 5003,
        name: 'Fra mprj',
        notes: ['workOrderNotes cut to 4000 characters (the whole text is kept in legacy)'],
      },
    ]);
    const row = await rowOf(alice.companyId, 5003);
    expect(row?.workOrderNotes).toHaveLength(4000);
    expect(row?.legacy).toMatchObject({ workOrderNotes: 'x'.repeat(4100) });
  });

  it('writes nothing on a dry run', async () => {
    const report = await importLegacyProjects(
      server.ctx,
      commandLineActor(alice.companyId),
      [{ pronummer: 6001, navn: 'Bare en prøve' }],
      { isDryRun: true },
    );
    expect(report.imported).toMatchObject([{ record: 1, number: 6001, id: null }]);
    expect(await rowOf(alice.companyId, 6001)).toBeUndefined();
  });

  it('refuses a file that is not a JSON array', () => {
    expect(() => parseLegacyFile('{ ikke json')).toThrow(/not valid JSON/);
    expect(() => parseLegacyFile('{"pronummer": 1}')).toThrow(/JSON array/);
    expect(parseLegacyFile('\uFEFF[]')).toEqual([]);
  });
});

describe('npm run import', () => {
  const execFileAsync = promisify(execFile);
  const serverDir = path.resolve(import.meta.dirname, '../../..');
  // The embedded database in DATA_DIR, whatever the machine running the tests has configured.
  const { DATABASE_URL: _databaseUrl, ...environment } = process.env;
  let dataDir: string;

  const runImport = (args: string[], initCwd: string) =>
    execFileAsync(process.execPath, ['--import', 'tsx', 'src/cli/import.ts', ...args], {
      cwd: serverDir,
      env: { ...environment, DATA_DIR: dataDir, INIT_CWD: initCwd, LOG_LEVEL: 'warn' },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'karm-import-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Each run opens the embedded database from disk and applies the migrations: seconds, not milliseconds.
  it('prints the mapping with --help, imports a file named relative to where npm ran, and fails on bad JSON', async () => {
    const help = await runImport(['--help'], dataDir);
    expect(help.code).toBe(0);
    for (const [legacy] of LEGACY_FIELD_MAPPING) expect(help.stdout).toContain(legacy);
    expect(help.stdout).toContain('only one process can open it');

    // A company in the embedded database the command will open, made the way Karm makes one.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const ctx = await createContext(config, { logger: createLogger('silent') });
    await seedCompany(ctx.db, { name: 'Importfirma AS', nr: 77 });
    await ctx.database.close();

    await writeFile(
      path.join(dataDir, 'projects.json'),
      JSON.stringify([{ pronummer: 1042, navn: 'Fra gammelt system', lev_dato: '24.12.2026' }]),
    );
    await writeFile(path.join(dataDir, 'broken.json'), '[{ "pronummer": 1043, ');

    const imported = await runImport(['projects.json'], dataDir);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Imported 1 of 1 projects into Importfirma AS (nr 77).');
    expect(imported.stdout).toContain('record 1: 1042 Fra gammelt system');

    const again = await runImport(['projects.json', '--company', '77'], dataDir);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('project number 1042 is already taken');

    const broken = await runImport(['broken.json'], dataDir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not valid JSON');
    const missing = await runImport(['nowhere.json'], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Cannot read ${path.join(dataDir, 'nowhere.json')}`);
    const unknown = await runImport(['projects.json', '--company', '78'], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No company with nr 78');
  }, 180_000);
});
