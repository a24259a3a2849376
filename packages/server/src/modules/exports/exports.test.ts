import { EXPORT_LIST_NAMES, type ExportList, exportPath, type Page } from '@karm/domain/contract';
import type { ProjectFiltersInput } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../platform/export/csv-parse';
import { seedCustomer } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { projects } from '../projects/projects.tables';

/** Exports of the paged lists (issue 18): exactly what the filters select, company and role kept. */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let leader: SignedInUser;
let stranger: SignedInUser;

const exportOf = async (
  user: SignedInUser,
  list: ExportList,
  body: { format: 'csv' | 'xlsx'; locale?: 'en' | 'nb'; filters?: unknown },
) =>
  fetch(`${server.url}/api${exportPath(list)}`, {
    method: 'POST',
    headers: { token: user.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const csvRows = async (
  user: SignedInUser,
  list: ExportList,
  filters: unknown = {},
  locale: 'en' | 'nb' = 'en',
) => {
  const response = await exportOf(user, list, { format: 'csv', locale, filters });
  expect(response.status).toBe(200);
  return parseCsv(await response.text());
};

const ALL_PROJECTS: ProjectFiltersInput = { who: 'alle', status: 'all', projectSortType: 'number' };

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-11-27T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  technician = await server.signedInUser({ role: 'technician', companyId });
  leader = await server.signedInUser({ role: 'leader', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const customer = await seedCustomer(server.ctx.db, companyId, { name: '=Formel AS' } as never);
  for (const [index, name] of ['Skole Lørenskog', 'Kontor; Økern', 'Hytte "Fjellro"', 'Skole Ås'].entries()) {
    const project: { id: string } = await admin.client.request('project:create', {
      name,
      customerId: customer.id,
      deliveryDate: `2026-12-0${index + 1}`,
    } as never);
    // The value comes from the orders in real use; set here so the money column has something to show.
    await server.ctx.db
      .update(projects)
      .set({ projectValue: 1_234_550 * (index + 1) })
      .where(eq(projects.id, project.id));
  }
  await stranger.client.request('project:create', { name: 'Skole Fremmed' } as never);
  for (const name of ['Dører Sagene', 'Vinduer Bryn']) {
    await admin.client.request('inquiry:create', { receivedDate: '2026-11-01', projectName: name } as never);
    await seedCustomer(server.ctx.db, companyId, { name: `Kunde ${name}` } as never);
    await restClient(server, admin).post('/offers', { projectName: name });
    await restClient(server, admin).post('/tasks', { name: `Ring ${name}`, date: '2026-11-30' });
  }
  for (const [title, severity] of [
    ['Riper i glass', 'high'],
    ['Feil mål på karm', 'low'],
  ] as const) {
    await restClient(server, admin).post('/quality/deviations', {
      title,
      category: 'supplier',
      severity,
      date: '2026-11-20',
      supplier: 'Glass AS',
      costOre: 150_000,
    });
  }
  await restClient(server, stranger).post('/quality/deviations', {
    title: 'Fremmed avvik',
    category: 'product',
    date: '2026-11-20',
  });
});
afterAll(async () => {
  await server?.close();
});

/** Each list's own page (the screen's call), to compare the export with. */
const listTotal = async (list: ExportList, user: SignedInUser): Promise<number> => {
  const rest = restClient(server, user);
  const pages: Record<ExportList, () => Promise<Page<unknown>>> = {
    customers: () => user.client.request('customer:get', {} as never),
    inquiries: () => user.client.request('inquiries:get', {} as never),
    offers: async () => (await rest.get<Page<unknown>>('/offers/populated')).body,
    projects: () => user.client.request('projects:filter_new', ALL_PROJECTS as never),
    tasks: async () => (await rest.get<Page<unknown>>('/tasks')).body,
    invoices: () => user.client.request('invoices:get', {} as never),
    logs: () => user.client.request('logs:get', {} as never),
    users: () => user.client.request('users:list', {} as never),
    deviations: async () => (await rest.get<Page<unknown>>('/quality/deviations')).body,
  };
  return (await pages[list]()).total;
};

describe('exports of the lists', () => {
  it.each(EXPORT_LIST_NAMES)('%s exports as many rows as its list counts, and a header', async (list) => {
    const filters = list === 'projects' ? ALL_PROJECTS : {};
    const rows = await csvRows(admin, list, filters);
    const total = await listTotal(list, admin);
    expect(rows.length - 1).toBe(total);
    expect(rows[0].every((header) => header.length > 0)).toBe(true);
  });

  it('exports exactly the projects the filters select, in the list’s order, and only the company’s', async () => {
    const filters = { ...ALL_PROJECTS, searchQuery: 'Skole' };
    const page = await admin.client.request('projects:filter_new', filters as never);
    const rows = await csvRows(admin, 'projects', filters);
    expect(rows.slice(1).map((row) => row[1])).toEqual(page.items.map((project) => project.name));
    expect(rows.slice(1).map((row) => row[1])).toEqual(['Skole Lørenskog', 'Skole Ås']);
    const strangers = await csvRows(stranger, 'projects', filters);
    expect(strangers.slice(1).map((row) => row[1])).toEqual(['Skole Fremmed']);
  });

  it('exports the deviations the filters select with their category, severity and status in words', async () => {
    const rows = await csvRows(admin, 'deviations', { severity: 'high' }, 'nb');
    expect(rows[0].slice(0, 6)).toEqual(['Avviksnr.', 'Dato', 'Tittel', 'Kategori', 'Alvorlighet', 'Status']);
    expect(rows.slice(1).map((row) => row.slice(2, 6))).toEqual([
      ['Riper i glass', 'Leverandør', 'Høy', 'Åpen'],
    ]);
    expect(rows[1]?.[1]).toBe('20.11.2026');
    expect(rows[1]?.[9]).toBe('Glass AS');
    expect(rows[1]?.[13]).toBe('1500,00');
    const english = await csvRows(admin, 'deviations', {}, 'en');
    expect(english.slice(1).map((row) => row[4])).toEqual(expect.arrayContaining(['High', 'Low']));
    // Another company's deviation is not among them, nor are these among theirs.
    expect(english.some((row) => row[2] === 'Fremmed avvik')).toBe(false);
    const strangers = await csvRows(stranger, 'deviations');
    expect(strangers.slice(1).map((row) => row[2])).toEqual(['Fremmed avvik']);
  });

  it('writes Norwegian headers, amounts with a decimal comma, dates as dd.MM.yyyy and guards formulas', async () => {
    const response = await exportOf(admin, 'projects', {
      format: 'csv',
      locale: 'nb',
      filters: ALL_PROJECTS,
    });
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="prosjekter-27.11.2026.csv"',
    );
    expect(response.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows[0].slice(0, 3)).toEqual(['Prosjektnr.', 'Navn', 'Kunde']);
    const lorenskog = rows.find((row) => row[1] === 'Skole Lørenskog');
    expect(lorenskog?.[2]).toBe("'=Formel AS");
    expect(lorenskog?.[7]).toBe('01.12.2026');
    expect(lorenskog?.[12]).toBe('12345,50');
    expect(rows.some((row) => row[1] === 'Kontor; Økern')).toBe(true);
    expect(rows.some((row) => row[1] === 'Hytte "Fjellro"')).toBe(true);
  });

  it('writes an XLSX with typed cells: dates as dates, øre as kroner numbers', async () => {
    const response = await exportOf(admin, 'projects', {
      format: 'xlsx',
      locale: 'en',
      filters: ALL_PROJECTS,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="projects-27.11.2026.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Projects');
    expect(sheet.getRow(1).getCell(1).value).toBe('Project no.');
    expect(sheet.rowCount - 1).toBe(await listTotal('projects', admin));
    const row = sheet.getRow(2);
    expect(typeof row.getCell(1).value).toBe('number');
    expect(row.getCell(2).value).toBe('Skole Lørenskog');
    const delivery = row.getCell(8);
    expect(delivery.value).toBeInstanceOf(Date);
    expect((delivery.value as Date).toISOString().slice(0, 10)).toBe('2026-12-01');
    expect(delivery.numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(13).value).toBe(12_345.5);
    expect(row.getCell(13).numFmt).toBe('#,##0.00');
    // In XLSX a text cell is never a formula: the customer's "=" stays text.
    expect(row.getCell(3).value).toBe('=Formel AS');
  });

  it('refuses a role without the list’s read permission before it reads the filters', async () => {
    for (const [user, list] of [
      [technician, 'inquiries'],
      [leader, 'logs'],
      [leader, 'users'],
    ] as const) {
      const response = await exportOf(user, list, { format: 'pdf' as never, filters: { nonsense: 1 } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    const unsigned = await fetch(`${server.url}/api${exportPath('projects')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    expect(unsigned.status).toBe(401);
  });

  it('answers bad filters and another company’s ids with a coded error and no file', async () => {
    const bad = await exportOf(admin, 'projects', { format: 'csv', filters: { status: 'nonsense' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('VALIDATION');
    const strangersProject = (
      await stranger.client.request('projects:filter_new', { ...ALL_PROJECTS } as never)
    ).items[0];
    const foreign = await exportOf(admin, 'invoices', {
      format: 'csv',
      filters: { projectId: strangersProject.id },
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('exports only the technician’s own projects', async () => {
    const rows = await csvRows(technician, 'projects', ALL_PROJECTS);
    expect(rows.length - 1).toBe(await listTotal('projects', technician));
  });
});
