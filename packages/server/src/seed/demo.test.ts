import { addDays, isOverbooked, isoWeekOf } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../modules/company/company.tables';
import { confirmations } from '../modules/confirmations/confirmations.tables';
import { dashboardAlerts } from '../modules/dashboard/dashboard-alerts';
import { dashboardAnniversaries, dashboardWorkStatus } from '../modules/dashboard/dashboard-people';
import { dashboardCompletion, dashboardProjects } from '../modules/dashboard/dashboard-projects';
import { files } from '../modules/files/files.tables';
import { invoices } from '../modules/invoices/invoices.tables';
import { listCompanyMessages } from '../modules/messages/messages-admin.service';
import { getPlanner } from '../modules/planner/planner.service';
import { latestProjectChanges } from '../modules/projects/project-dashboard';
import { listChecklists } from '../modules/quality/checklist-read';
import { agreementHistory } from '../modules/service-agreements/service-agreements.service';
import { dueServiceVisits } from '../modules/service-agreements/service-visits';
import { findServiceTemplates } from '../modules/service-templates/template-tree';
import { listDispatch } from '../modules/service-work/dispatch.service';
import { listServiceItems, listServiceProjects } from '../modules/service-work/service-items.service';
import { listServiceReports, readServiceLogbook } from '../modules/service-work/service-reports.service';
import { tasks } from '../modules/tasks/tasks.tables';
import { todayIn } from '../platform/clock';
import { administrativeActor } from '../platform/context';
import { startTestServer, type TestServer } from '../test/test-server';
import { DEMO_COMPANY_NAME, findDemoCompanyId, SECOND_DEMO_COMPANY_NAME, seedDemo } from './demo';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.ctx);
});
afterAll(async () => {
  await server?.close();
});

describe('demo data', () => {
  it('gives the demo company a logo its documents show', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const [company] = await server.ctx.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.logoFileId).toBeTruthy();
    const [logo] = await server.ctx.db.select().from(files).where(eq(files.id, company!.logoFileId!));
    expect(logo).toMatchObject({ companyId, type: 'logo', mimeType: 'image/png' });
  });

  it('shows the money side: confirmations, an own invoice plan, invoices paid, sent and not yet sent', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const rows = await server.ctx.db.select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(rows.map((row) => [row.isSent, row.amountOutstanding === 0, row.syncStatus]).sort()).toEqual([
      [false, false, 'local'],
      [true, false, 'local'],
      [true, true, 'local'],
    ]);
    expect(
      (await server.ctx.db.select().from(confirmations).where(eq(confirmations.companyId, companyId)))
        .map((row) => `${row.kind} of ${row.entityType}`)
        .sort(),
    ).toEqual(['confirmation of offer', 'confirmation of project', 'invoicePlan of project']);
  });

  it('plans: tasks (one overdue, one done), bookings and a capacity picture with demand and a pipeline', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const rows = await server.ctx.db.select().from(tasks).where(eq(tasks.companyId, companyId));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // Besides the service agreement's visits, which are done when the visit is made.
    expect(rows.filter((row) => row.isDone && row.type !== 'service-item')).toHaveLength(1);
    const today = todayIn(server.ctx.clock);
    expect(rows.some((row) => !row.isDone && row.date < today)).toBe(true);
    const leader = await server.signedInUser({ role: 'leader', companyId });
    const capacity = await leader.client.request('capacity:get', { fromWeek: isoWeekOf(today), weeks: 5 });
    const sum = (pick: (cell: (typeof capacity.cells)[number]) => number) =>
      capacity.cells.reduce((total, cell) => total + pick(cell), 0);
    expect(sum((cell) => cell.bookedHours)).toBeGreaterThan(0);
    expect(sum((cell) => cell.absenceHours)).toBeGreaterThan(0);
    expect(sum((cell) => cell.unplannedDemandHours)).toBeGreaterThan(0);
    expect(sum((cell) => cell.pipelineHours)).toBeGreaterThan(0);
  });

  it('fills the planner this week and next: bookings of several projects, absence, a task, one overbooked day', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const admin = administrativeActor(companyId, '00000000-0000-7000-8000-000000000000');
    const planner = await getPlanner(server.ctx, admin, isoWeekOf(todayIn(server.ctx.clock)));
    const bookings = planner.cells.flatMap((cell) => cell.bookings);
    const projectIds = new Set(
      bookings.flatMap((booking) => (booking.kind === 'project' ? [booking.projectId] : [])),
    );
    expect(projectIds.size).toBeGreaterThanOrEqual(4);
    // Projects, absence, and the service visit booked from the service assignment.
    expect(new Set(bookings.map((booking) => booking.kind))).toEqual(
      new Set(['project', 'absence', 'serviceItem']),
    );
    expect(planner.cells.some((cell) => isOverbooked(cell.bookings))).toBe(true);
    expect(planner.tasks.map((task) => task.name)).toContain(
      'Service: skyvedør går tregt, Jernvare Strømmen',
    );
    // A weekend on call: the shaded weekend holds a task whatever day the demo is made.
    const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    expect(planner.tasks.some((task) => [0, 6].includes(weekdayOf(task.date)))).toBe(true);
    expect(planner.employees.length).toBeGreaterThanOrEqual(18);
    expect(planner.projects.map((project) => project.deliveryColour)).toEqual(
      expect.arrayContaining(['red', 'orange', 'green']),
    );
  });

  it('has messages between the demo users: to people, a work group and everyone, some read, most not', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const admin = administrativeActor(companyId, '00000000-0000-7000-8000-000000000000');
    const page = await listCompanyMessages(server.ctx, admin, { page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(new Set(page.items.map((message) => message.audience))).toEqual(
      new Set(['users', 'workGroup', 'everyone']),
    );
    const recipients = page.items.flatMap((message) => message.recipients);
    expect(recipients.some((recipient) => recipient.readAt)).toBe(true);
    expect(recipients.filter((recipient) => !recipient.readAt).length).toBeGreaterThan(recipients.length / 2);
  });

  it('gives both demo companies the three shipped service templates, in Norwegian', async () => {
    for (const name of [DEMO_COMPANY_NAME, SECOND_DEMO_COMPANY_NAME]) {
      const companyId = await findDemoCompanyId(server.ctx, name);
      const page = await findServiceTemplates(server.ctx, administrativeActor(companyId, ''), {
        search: '',
        page: 1,
        pageSize: 20,
      });
      expect(page.items.map((template) => template.name)).toEqual([
        'Automatisk dør — årlig kontroll etter EN 16005',
        'Branndør — årlig kontroll',
        'Overlevering etter montasje av vinduer og dører',
      ]);
    }
  });

  it('gives every dashboard widget something to show', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const admin = administrativeActor(companyId, '00000000-0000-7000-8000-000000000000');
    const overview = await dashboardProjects(server.ctx, admin);
    expect(Object.values(overview.groups).every((count) => count > 0)).toBe(true);
    const completion = await dashboardCompletion(server.ctx, admin, { period: 'all' });
    expect(completion.completed).toBeGreaterThan(0);
    expect(completion.due).toBeGreaterThan(completion.completed);
    const anniversaries = await dashboardAnniversaries(server.ctx, admin);
    expect(anniversaries.items.length).toBeGreaterThanOrEqual(3);
    expect(anniversaries.items.some((item) => item.isRound)).toBe(true);
    const work = await dashboardWorkStatus(server.ctx, admin);
    expect(work.employees.length).toBeGreaterThanOrEqual(18);
    const alerts = await dashboardAlerts(server.ctx, admin);
    expect(alerts.items.find((item) => item.key === 'deliveriesPastDue')?.count).toBeGreaterThan(0);
    expect((await latestProjectChanges(server.ctx, companyId, 15)).length).toBe(15);
  });

  it('has a service project in Oslo with its doors placed on the map, each with its own checklist', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const actor = administrativeActor(companyId, '');
    const projects = await listServiceProjects(server.ctx, actor, { page: 1, pageSize: 20 });
    const storo = projects.items.find((project) => project.projectName.startsWith('Storo'));
    expect(storo?.itemCount).toBe(5);
    const items = await listServiceItems(server.ctx, actor, storo?.projectId as string);
    for (const item of items) {
      expect(item.location?.lat).toBeCloseTo(59.93, 1);
      expect(item.templateName).toMatch(/^Automatisk dør/);
    }
    // Two doors have answered checklists: one in order, one with a sensor fault and its deviation.
    const statusOf = (name: string) => items.find((item) => item.name === name)?.status;
    expect(statusOf('Hovedinngang nord')).toBe('ok');
    expect(statusOf('Inngang sør')).toBe('fault');
    expect(statusOf('Varemottak')).toBe('notVisited');
    // The visit's service report covers the two answered doors and is in their logbooks.
    const reports = await listServiceReports(server.ctx, actor, {
      projectId: storo?.projectId as string,
      page: 1,
      pageSize: 20,
    });
    expect(reports.items).toHaveLength(1);
    expect(reports.items[0]).toMatchObject({
      number: 1,
      itemCount: 2,
      pictureCount: 1,
      skippedPictureCount: 0,
    });
    const south = items.find((item) => item.name === 'Inngang sør');
    const logbook = await readServiceLogbook(server.ctx, actor, south?.id as string);
    expect(logbook.visits[0]?.rows.some((row) => row.deviation !== null)).toBe(true);
    // The service assignment has an emergency door waiting, and a booked visit at another door.
    const dispatch = await listDispatch(server.ctx, actor, { page: 1, pageSize: 50 });
    expect(dispatch.items.find((entry) => entry.kind === 'emergency')?.title).toMatch(/Nødutgang vest/);
    const visited = items.find((item) => item.name === 'Inngang fra P-hus');
    const planner = await getPlanner(server.ctx, actor, isoWeekOf(todayIn(server.ctx.clock)));
    const visit = planner.cells.find((cell) =>
      cell.bookings.some(
        (booking) => booking.kind === 'serviceItem' && booking.serviceItemId === visited?.id,
      ),
    );
    expect(visit).toBeDefined();
    expect(planner.serviceItems.find((item) => item.id === visited?.id)?.name).toBe('Inngang fra P-hus');
  });

  it("has a quarterly agreement on the Storo project, its next visit due soon and this year's index applied", async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const actor = administrativeActor(companyId, '');
    const today = todayIn(server.ctx.clock);
    const due = await dueServiceVisits(server.ctx.db, companyId, {
      today,
      to: addDays(today, 28),
      page: 1,
      pageSize: 20,
    });
    const storo = due.items.find((visit) => visit.projectName.startsWith('Storo'));
    expect(storo).toMatchObject({ interval: 'quarterly', isOverdue: false });
    expect(storo?.serviceWorkers.length).toBeGreaterThan(0);
    const history = await agreementHistory(server.ctx, actor, storo?.agreementId as string);
    expect(history.visits).toHaveLength(2);
    expect(history.prices.map((price) => price.indexPercent)).toEqual([3.1]);
  });

  it('has a quality checklist completed and signed (its PDF on the project) and one open with a deviation', async () => {
    const companyId = await findDemoCompanyId(server.ctx, DEMO_COMPANY_NAME);
    const actor = administrativeActor(companyId, '');
    const page = await listChecklists(server.ctx, actor, { page: 1, pageSize: 20 });
    const completed = page.items.find((run) => run.status === 'completed');
    const open = page.items.find((run) => run.status === 'open');
    expect(completed?.pdfFileId).toBeTruthy();
    expect(completed?.signedName).toBe('Ola Nordmann');
    expect(open?.notOkCount).toBe(1);
    expect(open?.answeredCount).toBe(3);
  });

  it('is created only once: a second run leaves the database as it is', async () => {
    expect(await seedDemo(server.ctx)).toBe(false);
  });
});
