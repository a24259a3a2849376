import { randomUUID } from 'node:crypto';
import type {
  FileDto,
  Page,
  ProjectDto,
  ProjectServiceRowDto,
  ServiceDataFullDto,
  ServiceItemDto,
  ServiceLogbookDto,
  ServiceReportCreatedDto,
  ServiceReportDto,
} from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDF_THUMBNAIL_SIDE_PX } from '../../platform/pdf/images';
import { pdfImages, pdfPages, pdfText } from '../../platform/pdf/testing';
import { seedCustomer } from '../../seed/factories';
import { bodyOf, type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { files } from '../files/files.tables';
import { restClient } from '../offers/offers-test-helpers';
import { PNG } from '../quality/quality-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';
import { serviceReports } from './service-work.tables';

/** Service reports and the per-door logbook (issue 19): routes, PDF, count, isolation, SPEC §8. */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let templateId: string;

type Refusal = { code: string; details?: { fields?: Record<string, string> } };
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
const api = (user: SignedInUser) => restClient(server, user);

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  technician = await server.signedInUser({
    role: 'technician',
    companyId,
    firstName: 'Tore',
    lastName: 'Tekniker',
  });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  const customer = await seedCustomer(server.ctx.db, companyId, { name: 'Storo Eiendom AS' });
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
    customerId: customer.id,
    projectAddress: 'Vitaminveien 7',
    projectPostalCode: '0485',
    projectCity: 'Oslo',
  } as never);
  templateId = (await buildTemplate(admin, 'Automatisk dør — årlig')).template.id;
});
afterAll(async () => {
  await server?.close();
});

const addItem = async (name: string, projectId = project.id, user = admin) =>
  (
    await api(user).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      serviceTemplateId: templateId,
      projectId,
      name,
      floor: '1',
    })
  ).body;

const uploadPhoto = async (user: SignedInUser, colour: string) => {
  const form = new FormData();
  form.append('type', 'service-picture');
  const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([bytes]), 'foto.jpg');
  const response = await fetch(`${server.url}/api/file?companyId=${user.companyId}`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  expect(response.status).toBe(201);
  return bodyOf<FileDto>(response);
};

/** Answers the item's sensor row (the template helper's OK / Ikke OK row), with a comment and a photo. */
const answerSensor = async (
  item: ServiceItemDto,
  choice: 'OK' | 'Ikke OK',
  pictureId: string | null = null,
) => {
  const data = (
    await api(technician).get<ServiceDataFullDto>(`/service-project/data/full?serviceItemId=${item.id}`)
  ).body;
  const row = data.groups[0]?.rows[0] as ProjectServiceRowDto;
  const created = await api(technician).post('/service-project/user-service-answer', {
    serviceItemId: item.id,
    projectRowId: row.id,
    projectServiceAnswerId: row.answers.find((answer) => answer.name === choice)?.id,
    comment: choice === 'OK' ? '' : 'Sensoren reagerer sent',
    pictureId,
    // A new visit's answer replaces the last one at the version read.
    replaces:
      data.answers
        .filter((answer) => answer.projectRowId === row.id)
        .map((answer) => ({ id: answer.id, version: answer.version }))[0] ?? null,
  });
  expect(created.status).toBe(201);
};

const report = (user: SignedInUser, body: Record<string, unknown>) =>
  api(user).post<ServiceReportCreatedDto & Refusal>('/service-project/service-report', body);

const pdfOf = async (user: SignedInUser, path: string) => {
  const response = await fetch(`${server.url}/api${path}`, { headers: { token: user.token } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), response };
};

const allImages = async (bytes: Buffer) => {
  const images = [];
  for (let page = 1; page <= (await pdfPages(bytes)).length; page++)
    images.push(...(await pdfImages(bytes, page)));
  return images;
};

describe('producing a service report', () => {
  it('prints customer, site, technician, items with answers, pictures, deviations and signature; counts it', async () => {
    const front = await addItem('Hovedinngang');
    const back = await addItem('Varemottak');
    await addItem('Ubesøkt dør');
    await answerSensor(front, 'OK', (await uploadPhoto(technician, '#336699')).id);
    await answerSensor(back, 'Ikke OK', (await uploadPhoto(technician, '#993333')).id);

    const made = await report(technician, {
      projectId: project.id,
      signedName: 'Kari Kunde',
      signature: SIGNATURE,
    });
    expect(made.status).toBe(201);
    expect(made.body.serviceReportCount).toBe(1);
    expect(made.body.report).toMatchObject({
      number: 1,
      visitDate: '2026-03-02',
      technicianName: 'Tore Tekniker',
      signedName: 'Kari Kunde',
      itemCount: 2,
      pictureCount: 2,
      skippedPictureCount: 0,
    });
    const pdf = await pdfOf(reader, `/service-project/service-report/${made.body.report.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(pdf.bytes);
    for (const expected of [
      `Servicerapport ${project.number}-1`,
      'Storo Eiendom AS',
      'Vitaminveien 7, 0485 Oslo',
      '02.03.2026',
      'Tore Tekniker',
      'Objekt 1 – Hovedinngang · Etasje 1',
      'Objekt 2 – Varemottak',
      'Aktiveringssensor',
      'Ikke OK',
      'Sensoren reagerer sent',
      'Avvik funnet',
      'Signert av: Kari Kunde',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Ubesøkt dør');
    // Two photos as thumbnails and the signature.
    const images = await allImages(pdf.bytes);
    expect(images).toHaveLength(3);
    expect(images.every((image) => Math.max(image.width, image.height) <= PDF_THUMBNAIL_SIDE_PX)).toBe(true);

    // The project lists it and counts it; a second report takes the next number.
    const listed = await api(reader).get<Page<ServiceReportDto>>(
      `/service-project/service-report?projectId=${project.id}`,
    );
    expect(listed.body.items.map((entry) => entry.number)).toEqual([1]);
    expect(listed.body.items[0]?.fileName).toBe(`servicerapport-${project.number}-1.pdf`);
    const second = await report(admin, { projectId: project.id, serviceItemIds: [front.id], locale: 'en' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ serviceReportCount: 2, report: { number: 2, itemCount: 1 } });
    const english = await pdfText(
      (await pdfOf(admin, `/service-project/service-report/${second.body.report.id}/pdf`)).bytes,
    );
    expect(english).toContain(`Service report ${project.number}-2`);
    expect(english).toContain('Item 1 – Hovedinngang · Floor 1');
    expect(english).toContain('No deviations found.');
    const counted = await admin.client.request('project:get', { id: project.id } as never);
    expect((counted as ProjectDto).serviceReportCount).toBe(2);
  });

  it('skips a picture that cannot be embedded with a logged warning, and still makes the report', async () => {
    const item = await addItem('Ødelagt bilde');
    const photo = await uploadPhoto(technician, '#228822');
    await answerSensor(item, 'Ikke OK', photo.id);
    // The stored picture (and its small copy) is damaged on disk.
    const junk = await server.ctx.files.save(Buffer.from('not a picture at all'));
    await server.ctx.db
      .update(files)
      .set({ storageKey: junk, thumbnailKey: junk })
      .where(eq(files.id, photo.id));
    const warn = vi.spyOn(server.ctx.logger, 'warn');
    const made = await report(technician, { projectId: project.id, serviceItemIds: [item.id] });
    expect(made.status).toBe(201);
    expect(made.body.report).toMatchObject({ pictureCount: 1, skippedPictureCount: 1 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ image: `picture ${photo.id}` }),
      expect.stringContaining('PDF'),
    );
    warn.mockRestore();
    const text = await pdfText(
      (await pdfOf(admin, `/service-project/service-report/${made.body.report.id}/pdf`)).bytes,
    );
    expect(text).toContain('Ødelagt bilde');
  });

  it('refuses unanswered items, items of another project, a future date and a bad signature — changing nothing', async () => {
    const other = await admin.client.request('project:create', {
      name: 'Annet bygg',
      isService: true,
    } as never);
    const elsewhere = await addItem('Annen dør', (other as ProjectDto).id);
    const unanswered = await addItem('Ikke besvart');
    const before = (
      await api(admin).get<Page<ServiceReportDto>>(`/service-project/service-report?projectId=${project.id}`)
    ).body.total;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ serviceItemIds: [unanswered.id] }, 'serviceItemIds', 'validation.serviceReportNothingAnswered'],
      [{ serviceItemIds: [elsewhere.id] }, 'serviceItemIds', 'validation.serviceItemNotOnProject'],
      [{ visitDate: '2026-03-03' }, 'visitDate', 'validation.visitInFuture'],
      [{ signature: 'data:image/png;base64,AAAA' }, 'signature', 'validation.signatureInvalid'],
      [{ signedName: 'x'.repeat(201) }, 'signedName', 'validation.tooLong'],
      [{ signedName: 'Kari\u0000' }, 'signedName', 'validation.nulCharacter'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await report(technician, { projectId: project.id, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
      expect(refused.body.details?.fields?.[field]).toContain(message);
    }
    const after = await api(admin).get<Page<ServiceReportDto>>(
      `/service-project/service-report?projectId=${project.id}`,
    );
    expect(after.body.total).toBe(before);
    const counted = await admin.client.request('project:get', { id: project.id } as never);
    expect((counted as ProjectDto).serviceReportCount).toBe(before);
  });
});

describe('access', () => {
  it('lets only service workers make reports, and keeps every company to its own', async () => {
    const item = await addItem('Isolert dør');
    await answerSensor(item, 'OK');
    const readOnly = await report(reader, { projectId: project.id });
    expect(readOnly.status).toBe(403);
    const anonymous = await fetch(`${server.url}/api/service-project/service-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: project.id }),
    });
    expect(anonymous.status).toBe(401);

    const made = await report(technician, { projectId: project.id, serviceItemIds: [item.id] });
    expect(made.status).toBe(201);
    const id = made.body.report.id;
    expect((await report(stranger, { projectId: project.id })).status).toBe(404);
    expect((await api(stranger).get(`/service-project/service-report?projectId=${project.id}`)).status).toBe(
      404,
    );
    expect((await pdfOf(stranger, `/service-project/service-report/${id}/pdf`)).status).toBe(404);
    expect((await api(stranger).get(`/service-project/service-item/${item.id}/logbook`)).status).toBe(404);
    expect((await pdfOf(stranger, `/service-project/service-item/${item.id}/logbook.pdf`)).status).toBe(404);
    // Another company's item named on its own project is refused too.
    const strangersProject = await stranger.client.request('project:create', {
      name: 'Fremmed',
      isService: true,
    } as never);
    const refused = await report(stranger, {
      projectId: (strangersProject as ProjectDto).id,
      serviceItemIds: [item.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.fields?.serviceItemIds).toBe('validation.serviceItemNotOnProject');
    // The signed link: made for a reader, refused for another company's report.
    const link = await api(reader).post<{ url: string }>('/download-links', {
      kind: 'service-report-pdf',
      id,
    });
    expect(link.status).toBe(200);
    const signed = await fetch(`${server.url}${link.body.url}`);
    expect(signed.status).toBe(200);
    expect((await api(stranger).post('/download-links', { kind: 'service-report-pdf', id })).status).toBe(
      404,
    );
  });
});

describe('the logbook', () => {
  it('keeps every visit of an item, newest first, as it was, and prints them as one PDF', async () => {
    const item = await addItem('Loggført dør');
    await answerSensor(item, 'Ikke OK', (await uploadPhoto(technician, '#555599')).id);
    server.clock.set(new Date('2026-03-02T09:00:00Z'));
    const first = await report(technician, {
      projectId: project.id,
      serviceItemIds: [item.id],
      visitDate: '2026-02-27',
    });
    expect(first.status).toBe(201);
    await answerSensor(item, 'OK');
    const second = await report(technician, { projectId: project.id, serviceItemIds: [item.id] });
    expect(second.status).toBe(201);

    const logbook = await api(reader).get<ServiceLogbookDto>(
      `/service-project/service-item/${item.id}/logbook`,
    );
    expect(logbook.status).toBe(200);
    expect(logbook.body.item.id).toBe(item.id);
    expect(logbook.body.visits.map((visit) => visit.visitDate)).toEqual(['2026-03-02', '2026-02-27']);
    const [latest, earlier] = logbook.body.visits;
    expect(latest?.rows[0]?.answers).toEqual([{ name: 'OK', color: expect.any(String) }]);
    expect(earlier?.rows[0]).toMatchObject({
      rowName: 'Aktiveringssensor',
      answers: [{ name: 'Ikke OK', color: '#e03131' }],
      comment: 'Sensoren reagerer sent',
      deviation: { number: expect.any(Number) },
    });
    expect(earlier?.rows[0]?.pictureIds).toHaveLength(1);
    expect(earlier?.reportNumber).toBe(first.body.report.number);

    const pdf = await pdfOf(reader, `/service-project/service-item/${item.id}/logbook.pdf?locale=en`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Logbook – Item');
    expect(text).toContain('Loggført dør');
    expect(text).toContain('Visit 02.03.2026');
    expect(text).toContain('Visit 27.02.2026');
    expect(text.indexOf('Visit 02.03.2026')).toBeLessThan(text.indexOf('Visit 27.02.2026'));
    expect(text).toContain('Deviation');
    expect(await allImages(pdf.bytes)).toHaveLength(1);
  });

  it('goes with its project when the project is removed', async () => {
    const passing = (await admin.client.request('project:create', {
      name: 'Kiwi Nydalen',
      isService: true,
    } as never)) as ProjectDto;
    const item = await addItem('Bakdør', passing.id);
    await answerSensor(item, 'OK');
    const made = await report(admin, { projectId: passing.id, serviceItemIds: [item.id], locale: 'nb' });
    expect(made.status).toBe(201);
    const current = (await admin.client.request('project:get', { id: passing.id } as never)) as ProjectDto;
    await admin.client.request('project:delete', {
      id: passing.id,
      version: current.version,
      isPlanRemovalConfirmed: true,
    } as never);
    const left = await server.ctx.db
      .select({ id: serviceReports.id })
      .from(serviceReports)
      .where(eq(serviceReports.projectId, passing.id));
    expect(left).toEqual([]);
  });
});
