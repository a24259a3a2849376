import {
  type InvoiceDto,
  type Page,
  REPORT_KEYS,
  type ReportDto,
  type ReportKey,
  reportExportPath,
  reportProjectList,
} from '@karm/domain/contract';
import { DEFAULT_PROJECT_FILTERS } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../platform/export/csv-parse';
import { seedCustomer, seedEmployee, seedInquiry } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { invoices } from '../invoices/invoices.tables';
import { projectWithConfirmation } from '../invoices/invoices-testing';
import { offerStatuses, offers } from '../offers/offers.tables';
import { restClient } from '../offers/offers-test-helpers';
import { plans } from '../planner/planner.tables';
import { projects } from '../projects/projects.tables';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';
import { serviceItems } from '../service-work/service-work.tables';

/**
 * Reports (issue 17): a known set is seeded; each report's figures must equal the totals of the lists
 * they stand for (offers by status, projects by delivery month, invoices by filter, deviations), the
 * period narrows them, the export holds exactly the screen's table, and company and roles hold.
 */

const TODAY = '2026-11-27';
let server: TestServer;
let admin: SignedInUser;
let leader: SignedInUser;
let readonly: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;
let statusIds: { open: string; won: string; lost: string };

const report = async (key: ReportKey, query = '', user: SignedInUser = admin) => {
  const answer = await restClient(server, user).get<ReportDto>(`/reports/${key}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const figure = (dto: ReportDto, key: string, measure: string) =>
  dto.rows.find((row) => row.key === key)?.values[measure] ?? 0;

const insertOffers = async (
  companyId: string,
  rows: {
    status: keyof typeof statusIds;
    value?: number;
    createdAt?: string;
    statusChangedAt?: string;
    ownerType?: string;
    projectCategory?: string;
    archived?: boolean;
    inquiryId?: string;
    projectId?: string;
  }[],
  firstNumber: number,
) =>
  server.ctx.db.insert(offers).values(
    rows.map((row, index) => ({
      companyId,
      number: firstNumber + index,
      statusId: statusIds[row.status],
      statusChangedAt: row.statusChangedAt ?? TODAY,
      value: row.value ?? 0,
      projectName: `Rapport ${firstNumber + index}`,
      ownerType: row.ownerType ?? null,
      projectCategory: row.projectCategory ?? null,
      archived: row.archived ?? false,
      inquiryId: row.inquiryId ?? null,
      projectId: row.projectId ?? null,
      ...(row.createdAt ? { createdAt: new Date(row.createdAt) } : {}),
    })),
  );

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date(`${TODAY}T09:00:00Z`));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  leader = await server.signedInUser({ role: 'leader', companyId });
  readonly = await server.signedInUser({ role: 'readonly', companyId });
  technician = await server.signedInUser({ role: 'technician', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const customer = await seedCustomer(server.ctx.db, companyId, { name: 'Bjørnstad Bygg AS' } as never);

  // A converted offer (won, today), its project and two invoices: one sent and past due, one not sent.
  const { confirmation } = await projectWithConfirmation(server, admin, customer.id);
  const api = restClient(server, admin);
  const [first, second] = confirmation.paymentRules;
  for (const rule of [first!, second!]) {
    const created = await api.post<InvoiceDto>('/invoices', {
      requestId: crypto.randomUUID(),
      confirmationId: confirmation.id,
      paymentRuleId: rule.id,
    });
    expect(created.status).toBe(201);
  }
  const [sentOne] = await server.ctx.db.select().from(invoices).where(eq(invoices.paymentRuleId, first!.id));
  await server.ctx.db
    .update(invoices)
    .set({ isSent: true, dueDate: '2026-11-01' })
    .where(eq(invoices.id, sentOne!.id));

  const statuses = await server.ctx.db
    .select()
    .from(offerStatuses)
    .where(eq(offerStatuses.companyId, companyId));
  statusIds = {
    open: statuses.find((status) => status.name === 'Sendt')!.id,
    won: statuses.find((status) => status.isWon)!.id,
    lost: statuses.find((status) => status.isLost)!.id,
  };
  const inquiry = await seedInquiry(server.ctx.db, companyId, { receivedDate: '2026-02-01' });
  const quiet = await seedInquiry(server.ctx.db, companyId, { receivedDate: '2026-03-01' });
  await seedInquiry(server.ctx.db, companyId, { receivedDate: '2025-05-01' });
  const [someProject] = await server.ctx.db.select().from(projects).where(eq(projects.companyId, companyId));
  await insertOffers(
    companyId,
    [
      { status: 'open', value: 100_00, createdAt: '2025-03-01T10:00:00Z' },
      { status: 'open', value: 200_00, inquiryId: quiet.id },
      { status: 'open', value: 300_00, archived: true },
      {
        status: 'won',
        value: 1_000_00,
        ownerType: 'builderCarpenter',
        projectCategory: 'kindergarten',
        statusChangedAt: '2026-10-10',
        inquiryId: inquiry.id,
        projectId: someProject!.id,
      },
      {
        status: 'lost',
        value: 50_00,
        ownerType: 'builderCarpenter',
        projectCategory: 'kindergarten',
        statusChangedAt: '2026-11-01',
      },
      {
        status: 'lost',
        ownerType: 'hardwareStore',
        statusChangedAt: '2025-06-01',
        createdAt: '2025-01-10T10:00:00Z',
      },
    ],
    9000,
  );

  await server.ctx.db.insert(projects).values(
    [
      { state: 'active', deliveryDate: '2026-11-10', projectCategory: 'kindergarten' },
      { state: 'active', deliveryDate: '2026-12-01', projectCategory: 'kindergarten' },
      { state: 'completed', deliveryDate: '2026-11-02', projectCategory: 'sportsFacility' },
      { state: 'archived', deliveryDate: '2025-02-01', projectCategory: null },
    ].map((row, index) => ({
      companyId,
      number: 8000 + index,
      name: `Rapportprosjekt ${index}`,
      ...row,
    })) as never,
  );

  for (const [category, date] of [
    ['product', TODAY],
    ['product', '2026-02-02'],
    ['installation', '2025-04-04'],
  ] as const) {
    const created = await api.post('/quality/deviations', {
      title: `Avvik ${category}`,
      category,
      severity: 'low',
      date,
    });
    expect(created.status).toBeLessThan(300);
  }

  const fitter = await seedEmployee(server.ctx.db, companyId, { firstName: 'Mona', workGroup: 'montasje' });
  // ISO week 48 of 2026: Monday 23 to Sunday 29 November. Two days booked, one absent.
  await server.ctx.db.insert(plans).values({
    companyId,
    employeeId: fitter.id,
    year: 2026,
    week: 48,
    days: Array.from({ length: 7 }, (_, index) => ({
      version: 1,
      bookings:
        index < 2
          ? [{ id: `p${index}`, kind: 'project', projectId: someProject!.id, quarters: 4 }]
          : index === 2
            ? [{ id: 'a', kind: 'absence', absence: 'sick', quarters: 4 }]
            : [],
    })) as never,
  });

  // Another company's records must never count here.
  const theirs = await seedInquiry(server.ctx.db, stranger.companyId, { receivedDate: '2026-02-01' });
  await server.ctx.db.insert(projects).values({
    companyId: stranger.companyId,
    number: 8000,
    name: 'Fremmed',
    deliveryDate: '2026-11-10',
  });
  expect(theirs.companyId).toBe(stranger.companyId);
});
afterAll(async () => {
  await server?.close();
});

describe('every figure is the total of the list it stands for', () => {
  it('counts offers by status as the offer list filtered by that status', async () => {
    const dto = await report('offersByStatus');
    expect(dto).toMatchObject({ period: 'all', from: null, to: null, isAvailable: true });
    const api = restClient(server, admin);
    for (const row of dto.rows) {
      const list = await api.get<Page<unknown>>(`/offers?statusId=${row.key}&pageSize=1`);
      expect(row.values.count, row.label ?? row.key).toBe(list.body.total);
    }
    expect(dto.totals.count).toBe((await api.get<Page<unknown>>('/offers?pageSize=1')).body.total);
    // The archived offer (300,00) is not in the list, so not in the report.
    expect(figure(dto, statusIds.open, 'value')).toBe(300_00);
    expect(figure(dto, statusIds.open, 'count')).toBe(2);
    // Over a narrower period, each row is the list of the offers created in it (the link's `from`/`to`).
    for (const year of [2025, 2026]) {
      const narrow = await report('offersByStatus', `?period=year&year=${year}`);
      const period = `&from=${narrow.from}&to=${narrow.to}`;
      for (const row of narrow.rows) {
        const list = await api.get<Page<unknown>>(`/offers?statusId=${row.key}&pageSize=1${period}`);
        expect(row.values.count, `${year} ${row.label ?? row.key}`).toBe(list.body.total);
      }
      expect(narrow.totals.count).toBe(
        (await api.get<Page<unknown>>(`/offers?pageSize=1${period}`)).body.total,
      );
    }
    expect(figure(await report('offersByStatus', '?period=year&year=2025'), statusIds.open, 'count')).toBe(1);
  });

  it('refuses a list period that is not a date or ends before it starts, and changes nothing', async () => {
    const api = restClient(server, admin);
    for (const query of ['from=2026-02-30', 'to=27.11.2026', 'from=2026-12-01&to=2026-11-01']) {
      const offers = await api.get<{ code: string }>(`/offers?${query}`);
      expect(offers.status, query).toBe(400);
      expect(offers.body.code).toBe('VALIDATION');
      const refused = await admin.client.requestError(
        'invoices:get',
        Object.fromEntries(new URLSearchParams(query)) as never,
      );
      expect(refused.code, query).toBe('VALIDATION');
    }
  });

  it('counts projects per delivery month and category as the project list with those dates', async () => {
    const year = await report('projectsByMonth', '?period=year&year=2026');
    expect(year).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
    const total = async (fromDate: string | null, toDate: string | null) =>
      (
        (await admin.client.request('projects:filter_new', {
          ...DEFAULT_PROJECT_FILTERS,
          who: 'alle',
          status: 'all',
          fromDate,
          toDate,
          pageSize: 1,
        } as never)) as Page<unknown>
      ).total;
    expect(year.rows.find((row) => row.key === '2026-11')?.values).toMatchObject({ active: 1, completed: 1 });
    // Each row is the project list the screen links it to (reportProjectList): the same total.
    for (const row of year.rows) {
      const filters = reportProjectList({ from: year.from, to: year.to }, row.key);
      const sum = Object.values(row.values).reduce<number>((acc, value) => acc + (value ?? 0), 0);
      expect(sum, row.key).toBe(await total(filters.fromDate, filters.toDate));
    }
    expect(reportProjectList({ from: year.from, to: year.to }, '2026-11')).toMatchObject({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
    const all = await report('projectsByMonth');
    const allSum = (all.totals.active ?? 0) + (all.totals.completed ?? 0) + (all.totals.archived ?? 0);
    expect(allSum).toBe(await total(null, null));
    const categories = await report('projectsByCategory', '?period=month&year=2026&part=11');
    expect(figure(categories, 'kindergarten', 'active')).toBe(1);
    expect(figure(categories, 'sportsFacility', 'completed')).toBe(1);
  });

  it('counts invoices as the invoice list’s filters do', async () => {
    const dto = await report('revenue');
    for (const filter of ['notSent', 'unpaid', 'pastDue', 'paid'] as const) {
      const list = (await admin.client.request('invoices:get', { filter } as never)) as Page<unknown>;
      expect(figure(dto, filter, 'count'), filter).toBe(list.total);
    }
    expect(figure(dto, 'pastDue', 'count')).toBe(1);
    expect(figure(dto, 'pastDue', 'amount')).toBe(375_00);
    expect(figure(dto, 'invoiced', 'amount')).toBe(1_125_00);
    expect(dto.totals.amount).toBeNull();
    // Over a year, each row is the invoice list of that filter with those invoice dates.
    for (const year of [2025, 2026]) {
      const narrow = await report('revenue', `?period=year&year=${year}`);
      for (const filter of ['notSent', 'unpaid', 'pastDue', 'paid'] as const) {
        const list = (await admin.client.request('invoices:get', {
          filter,
          from: narrow.from,
          to: narrow.to,
        } as never)) as Page<unknown>;
        expect(figure(narrow, filter, 'count'), `${year} ${filter}`).toBe(list.total);
      }
    }
    expect(figure(await report('revenue', '?period=year&year=2025'), 'pastDue', 'count')).toBe(0);
  });

  it('counts deviations by category as the deviation list', async () => {
    const dto = await report('deviationsByCategory');
    const list = await restClient(server, admin).get<Page<unknown>>('/quality/deviations?pageSize=1');
    expect(dto.totals.count).toBe(list.body.total);
    expect(figure(dto, 'product', 'count')).toBe(2);
    expect(figure(dto, 'product', 'open')).toBe(2);
    const thisYear = await report('deviationsByCategory', '?period=year');
    expect(thisYear.totals.count).toBe(2);
  });
});

describe('the period', () => {
  it('narrows the hit rate to the offers decided in the period', async () => {
    const all = await report('hitRateByOwnerType');
    expect(all.rows.find((row) => row.key === 'builderCarpenter')?.values).toEqual({
      won: 1,
      lost: 1,
      rate: 50,
    });
    expect(all.rows.find((row) => row.key === 'hardwareStore')?.values).toEqual({ won: 0, lost: 1, rate: 0 });
    const quarter = await report('hitRateByCategory', '?period=quarter&year=2026&part=4');
    expect(quarter).toMatchObject({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarter.rows.find((row) => row.key === 'kindergarten')?.values).toEqual({
      won: 1,
      lost: 1,
      rate: 50,
    });
    const lastYear = await report('hitRateByOwnerType', '?period=year&year=2025');
    expect(lastYear.rows.map((row) => row.key)).toEqual(['hardwareStore']);
  });

  it('follows the inquiries of the period through offers to projects', async () => {
    const all = await report('funnel');
    expect(all.rows.map((row) => [row.key, row.values.count, row.values.rate])).toEqual([
      ['inquiries', 3, 100],
      ['offers', 2, 67],
      ['projects', 1, 33],
    ]);
    const y2025 = await report('funnel', '?period=year&year=2025');
    expect(y2025.rows.map((row) => row.values.count)).toEqual([1, 0, 0]);
    const february = await report('funnel', '?period=month&year=2026&part=2');
    expect(february.rows.map((row) => row.values.count)).toEqual([1, 1, 1]);
  });

  it('sums the planner’s quarters per work group as days', async () => {
    const dto = await report('capacityByWorkGroup', '?period=month&year=2026&part=11');
    expect(dto.rows).toEqual([
      { key: 'montasje', label: null, values: { capacity: 5, booked: 2, absent: 1, use: 50 } },
    ]);
    expect((await report('capacityByWorkGroup', '?period=month&year=2026&part=10')).rows).toEqual([]);
  });

  it('says plainly when service work has nothing to count, and counts visits once it has', async () => {
    expect((await report('serviceVisits')).isAvailable).toBe(false);
    const project = (await admin.client.request('project:create', {
      name: 'Storo Storsenter',
      isService: true,
    } as never)) as { id: string };
    const templateId = (await buildTemplate(admin, 'Automatisk dør')).template.id;
    const api = restClient(server, admin);
    for (const lastVisitAt of [new Date('2026-11-20T10:00:00Z'), new Date('2025-11-20T10:00:00Z'), null]) {
      const id = crypto.randomUUID();
      const added = await api.post('/service-project/template/add', {
        id,
        serviceTemplateId: templateId,
        projectId: project.id,
        name: 'Hovedinngang',
      });
      expect(added.status).toBe(201);
      await server.ctx.db.update(serviceItems).set({ lastVisitAt }).where(eq(serviceItems.id, id));
    }
    const dto = await report('serviceVisits', '?period=year');
    expect(dto.isAvailable).toBe(true);
    expect(dto.rows.map((row) => [row.key, row.values.count])).toEqual([
      ['visited', 1],
      ['notVisited', 2],
    ]);
    expect((await report('serviceVisits')).rows[0]?.values.count).toBe(2);
  });

  it('refuses a period it does not know, a quarter past 4 and a year out of range', async () => {
    const api = restClient(server, admin);
    for (const query of [
      '?period=decade',
      '?period=quarter&part=5',
      '?period=year&year=99999',
      '?period=month&part=x',
    ]) {
      const answer = await api.get<{ code: string }>(`/reports/offersByStatus${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('VALIDATION');
    }
  });
});

describe('exports', () => {
  const exportOf = (user: SignedInUser, key: ReportKey, body: unknown) =>
    fetch(`${server.url}/api${reportExportPath(key)}`, {
      method: 'POST',
      headers: { token: user.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('writes the screen’s table as XLSX, totals included', async () => {
    const dto = await report('offersByStatus', '?period=year&year=2026');
    const response = await exportOf(admin, 'offersByStatus', {
      format: 'xlsx',
      locale: 'en',
      period: { period: 'year', year: 2026 },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('offers-by-status-27.11.2026.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Status', 'Number', 'Value']);
    const last = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(last).toEqual([undefined, 'Total', dto.totals.count, (dto.totals.value ?? 0) / 100]);
    expect(sheet.rowCount).toBe(dto.rows.length + 2);
  });

  it('writes CSV in Norwegian with the row names the screen shows', async () => {
    const response = await exportOf(readonly, 'funnel', { format: 'csv', locale: 'nb' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('trakt-27.11.2026.csv');
    const rows = parseCsv(await response.text());
    expect(rows).toEqual([
      ['Trinn', 'Antall', 'Andel %'],
      ['Forespørsler mottatt', '3', '100'],
      ['Fikk tilbud', '2', '67'],
      ['Ble prosjekt', '1', '33'],
    ]);
  });

  it('refuses a bad format before anything is read', async () => {
    const response = await exportOf(admin, 'revenue', { format: 'pdf' });
    expect(response.status).toBe(400);
  });
});

describe('company isolation and roles', () => {
  it('counts only the asker’s company', async () => {
    const funnel = await report('funnel', '', stranger);
    expect(funnel.rows.map((row) => row.values.count)).toEqual([1, 0, 0]);
    const months = await report('projectsByMonth', '', stranger);
    expect(months.rows).toEqual([
      { key: '2026', label: null, values: { active: 1, completed: 0, archived: 0 } },
    ]);
    for (const key of ['offersByStatus', 'deviationsByCategory', 'capacityByWorkGroup'] as const) {
      expect((await report(key, '', stranger)).rows, key).toEqual([]);
    }
    expect((await report('serviceVisits', '', stranger)).isAvailable).toBe(false);
  });

  it('lets the readers in and keeps the technician and the signed-out out, for every report', async () => {
    for (const key of REPORT_KEYS) {
      expect((await restClient(server, leader).get(`/reports/${key}`)).status, key).toBe(200);
      expect((await restClient(server, readonly).get(`/reports/${key}`)).status, key).toBe(200);
      expect((await restClient(server, technician).get(`/reports/${key}`)).status, key).toBe(403);
      expect((await fetch(`${server.url}/api/reports/${key}`)).status, key).toBe(401);
      const exported = await fetch(`${server.url}/api${reportExportPath(key)}`, {
        method: 'POST',
        headers: { token: technician.token, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'csv' }),
      });
      expect(exported.status, key).toBe(403);
    }
  });
});
