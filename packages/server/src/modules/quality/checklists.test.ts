import type {
  ChecklistDetailDto,
  ChecklistDto,
  ChecklistStartInput,
  ChecklistStepDto,
  DeviationDto,
  Page,
  ProjectDto,
  ServiceTemplateDto,
} from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_THUMBNAIL_SIDE_PX } from '../../platform/pdf/images';
import { pdfImages, pdfPages, pdfText } from '../../platform/pdf/testing';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { filesOfEntity, readStoredFile } from '../files/files.service';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate } from '../service-templates/service-templates-test-helpers';
import { PNG, uploadPicture as uploadTestPicture } from './quality-test-helpers';

/** Quality checklists (issue 16): start, answer, raise a deviation, sign, the PDF, isolation and roles. */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let strangersProject: ProjectDto;
let templateId: string;
let serviceTemplateId: string;
let stepId: string;

type Refusal = {
  code: string;
  message: string;
  messageKey?: string;
  details?: { fields?: Record<string, string> };
};

const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

const api = (user: SignedInUser) => restClient(server, user);
const uploadPicture = (user: SignedInUser) => uploadTestPicture(server, user, 'riss.png');

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-02T09:00:00Z'));
  admin = await server.signedInUser({ role: 'admin' });
  const { companyId } = admin;
  technician = await server.signedInUser({ role: 'technician', companyId, firstName: 'Tor' });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  project = await admin.client.request('project:create', { name: 'Skole Lørenskog' } as never);
  strangersProject = await stranger.client.request('project:create', { name: 'Fremmed' } as never);
  const built = await buildTemplate(admin, 'Før levering');
  await admin.client.request('admin-service:update', {
    entity: 'template',
    id: built.template.id,
    version: built.template.version,
    changes: { purpose: 'checklist' },
  });
  templateId = built.template.id;
  serviceTemplateId = (await buildTemplate(admin, 'Årskontroll')).template.id;
  const steps = await api(admin).get<ChecklistStepDto[]>('/quality/checklists/steps');
  stepId = steps.body[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const start = async (user: SignedInUser, input: Partial<ChecklistStartInput> = {}) =>
  api(user).post<ChecklistDetailDto & Refusal>('/quality/checklists', {
    projectId: project.id,
    templateId,
    processColumnId: stepId,
    deviationCategory: 'production',
    ...input,
  });

const itemOf = (run: ChecklistDetailDto) => run.groups[0]!.items[0]!;
/** The run's own copy of the row and its answers (OK first, then not OK). */
const partsOf = (run: ChecklistDetailDto) => {
  const item = itemOf(run);
  return { rowId: item.rowId, okId: item.answers[0]!.id, notOkId: item.answers[1]!.id };
};

describe('checklist templates', () => {
  it('lists checklist templates apart from service templates', async () => {
    const checklists = await api(admin).get<Page<ServiceTemplateDto>>('/quality/checklists/templates');
    expect(checklists.body.items.map((template) => template.id)).toEqual([templateId]);
    expect(checklists.body.items[0]!.purpose).toBe('checklist');
    const services = await admin.client.request('admin-service:find-service-templates', {});
    expect(services.items.map((template) => template.id)).toContain(serviceTemplateId);
    expect(services.items.map((template) => template.id)).not.toContain(templateId);
  });
});

describe('running a checklist', () => {
  it('answers, raises a deviation from a not-OK item, signs and keeps the PDF on the project', async () => {
    const started = await start(technician);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: 'open',
      name: 'Før levering',
      itemCount: 1,
      answeredCount: 0,
    });
    expect(started.body.stepNameNo).toBeTruthy();
    const { rowId, okId, notOkId } = partsOf(started.body);

    const picture = await uploadPicture(technician);
    const answered = await api(technician).put<ChecklistDetailDto>(
      `/quality/checklists/${started.body.id}/items/${rowId}`,
      {
        version: started.body.version,
        answerIds: [notOkId],
        comment: 'Riss i glass',
        pictureIds: [picture.id],
      },
    );
    expect(answered.status).toBe(200);
    expect(itemOf(answered.body)).toMatchObject({ answerIds: [notOkId], comment: 'Riss i glass' });
    expect(answered.body).toMatchObject({ answeredCount: 1, notOkCount: 1 });

    // Completing needs the deviation the answer asks for.
    const early = await api(technician).post<Refusal>(`/quality/checklists/${started.body.id}/complete`, {
      version: answered.body.version,
      signedName: 'Tor Tekniker',
    });
    expect(early.status).toBe(400);
    expect(early.body.details?.fields).toEqual({
      [`items.${rowId}`]: 'validation.checklistDeviationRequired',
    });

    const raised = await api(technician).post<ChecklistDetailDto>(
      `/quality/checklists/${started.body.id}/items/${rowId}/deviation`,
      { version: answered.body.version },
    );
    expect(raised.status).toBe(201);
    const deviationId = itemOf(raised.body).deviationId!;
    const deviation = await api(admin).get<DeviationDto>(`/quality/deviations/${deviationId}`);
    expect(deviation.body).toMatchObject({
      title: 'Aktiveringssensor',
      category: 'production',
      projectId: project.id,
      pictureIds: [picture.id],
      status: 'open',
    });
    expect(deviation.body.description).toContain('Riss i glass');
    const twice = await api(technician).post<Refusal>(
      `/quality/checklists/${started.body.id}/items/${rowId}/deviation`,
      { version: raised.body.version },
    );
    expect(twice.status).toBe(409);

    const completed = await api(technician).post<ChecklistDetailDto>(
      `/quality/checklists/${started.body.id}/complete`,
      { version: raised.body.version, signedName: 'Tor Tekniker', signature: SIGNATURE },
    );
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'completed', signedName: 'Tor Tekniker' });
    const documents = await filesOfEntity(server.ctx.db, admin.companyId, 'document', project.id);
    const pdf = documents.find((file) => file.id === completed.body.pdfFileId);
    expect(pdf?.originalName).toBe(`sjekkliste-${completed.body.number}.pdf`);
    const bytes = (await readStoredFile(server.ctx, admin.companyId, pdf!.id))!.bytes;
    const text = await pdfText(bytes);
    expect(text).toContain(`Sjekkliste ${completed.body.number}`);
    // The item's picture is embedded as a thumbnail (issue 16), beside the drawn signature.
    const images = [];
    for (let page = 1; page <= (await pdfPages(bytes)).length; page++)
      images.push(...(await pdfImages(bytes, page)));
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(images.every((image) => Math.max(image.width, image.height) <= PDF_THUMBNAIL_SIDE_PX)).toBe(true);
    expect(text).toContain('Aktiveringssensor');
    expect(text).toContain('Ikke OK');
    expect(text).toContain('Tor Tekniker');

    // Completing twice, and changing a completed run, are refused.
    const again = await api(technician).post<Refusal>(`/quality/checklists/${started.body.id}/complete`, {
      version: completed.body.version,
      signedName: 'Tor Tekniker',
    });
    expect(again.status).toBe(409);
    expect(again.body.messageKey).toBe('validation.checklistCompleted');
    const change = await api(technician).put<Refusal>(
      `/quality/checklists/${started.body.id}/items/${rowId}`,
      {
        version: completed.body.version,
        answerIds: [okId],
      },
    );
    expect(change.status).toBe(409);
    const count = (await filesOfEntity(server.ctx.db, admin.companyId, 'document', project.id)).length;
    expect(count).toBe(documents.length);
  });

  it('writes the PDF in English for a company whose documents are in English', async () => {
    await server.ctx.db
      .update(companies)
      .set({ documentLanguage: 'en' })
      .where(eq(companies.id, admin.companyId));
    try {
      const run = (await start(admin)).body;
      const { rowId, okId } = partsOf(run);
      const answered = await api(admin).put<ChecklistDetailDto>(
        `/quality/checklists/${run.id}/items/${rowId}`,
        {
          version: run.version,
          answerIds: [okId],
        },
      );
      const completed = await api(admin).post<ChecklistDetailDto>(`/quality/checklists/${run.id}/complete`, {
        version: answered.body.version,
        signedName: 'Anne Admin',
      });
      expect(completed.status).toBe(200);
      const text = await pdfText(
        (await readStoredFile(server.ctx, admin.companyId, completed.body.pdfFileId!))!.bytes,
      );
      expect(text).toContain(`Checklist ${run.number}`);
      expect(text).toContain('Signed by: Anne Admin');
    } finally {
      await server.ctx.db
        .update(companies)
        .set({ documentLanguage: 'nb' })
        .where(eq(companies.id, admin.companyId));
    }
  });

  it('refuses a stale version, an answer of another row, an unanswered completion and a bad signature', async () => {
    const run = (await start(admin)).body;
    const { rowId, okId, notOkId } = partsOf(run);
    const stale = await api(admin).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version + 1,
      answerIds: [okId],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.messageKey).toBe('validation.checklistChanged');
    const foreignAnswer = await api(admin).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version,
      answerIds: [crypto.randomUUID()],
    });
    expect(foreignAnswer.status).toBe(400);
    const both = await api(admin).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version,
      answerIds: [okId, notOkId],
    });
    expect(both.status).toBe(400);
    const unanswered = await api(admin).post<Refusal>(`/quality/checklists/${run.id}/complete`, {
      version: run.version,
      signedName: 'Anne',
    });
    expect(unanswered.body.details?.fields).toEqual({
      [`items.${rowId}`]: 'validation.checklistItemUnanswered',
    });
    const nul = await api(admin).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version,
      answerIds: [okId],
      comment: 'Ri\u0000ss',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('VALIDATION');
    const answered = await api(admin).put<ChecklistDetailDto>(
      `/quality/checklists/${run.id}/items/${rowId}`,
      {
        version: run.version,
        answerIds: [okId],
      },
    );
    const badSignature = await api(admin).post<Refusal>(`/quality/checklists/${run.id}/complete`, {
      version: answered.body.version,
      signedName: 'Anne',
      signature: 'data:image/png;base64,AAAA',
    });
    expect(badSignature.status).toBe(400);
    expect(badSignature.body.details?.fields).toEqual({ signature: 'validation.signatureInvalid' });
    const noName = await api(admin).post<Refusal>(`/quality/checklists/${run.id}/complete`, {
      version: answered.body.version,
      signedName: ' ',
    });
    expect(noName.status).toBe(400);
    expect((await api(admin).get<ChecklistDetailDto>(`/quality/checklists/${run.id}`)).body.status).toBe(
      'open',
    );
  });

  it('refuses a service template, and a project, template or step of another company', async () => {
    const service = await start(admin, { templateId: serviceTemplateId });
    expect(service.status).toBe(400);
    expect(service.body.details?.fields).toEqual({ templateId: 'validation.checklistNotAChecklist' });
    const foreignProject = await start(admin, { projectId: strangersProject.id });
    expect(foreignProject.status).toBe(400);
    expect(Object.keys(foreignProject.body.details?.fields ?? {})).toEqual(['projectId']);
    const foreignTemplate = await start(stranger, { projectId: strangersProject.id, processColumnId: null });
    expect(foreignTemplate.status).toBe(400);
    const foreignStep = await start(stranger, {
      projectId: strangersProject.id,
      templateId: (await buildChecklistOf(stranger)).id,
    });
    expect(foreignStep.status).toBe(400);
    expect(Object.keys(foreignStep.body.details?.fields ?? {})).toEqual(['processColumnId']);
  });
});

const buildChecklistOf = async (user: SignedInUser) => {
  const { template } = await buildTemplate(user, 'Etter montasje');
  return user.client.request('admin-service:update', {
    entity: 'template',
    id: template.id,
    version: template.version,
    changes: { purpose: 'checklist' },
  });
};

describe('isolation and roles', () => {
  it("keeps each company's checklists to itself and lets readers only read", async () => {
    const run = (await start(admin)).body;
    const { rowId, okId } = partsOf(run);
    const mine = await api(admin).get<Page<ChecklistDto>>(`/quality/checklists?projectId=${project.id}`);
    expect(mine.body.items.map((item) => item.id)).toContain(run.id);
    const theirs = await api(stranger).get<Page<ChecklistDto>>('/quality/checklists');
    expect(theirs.body.items.map((item) => item.id)).not.toContain(run.id);
    expect((await api(stranger).get<Refusal>(`/quality/checklists/${run.id}`)).status).toBe(404);
    const foreignAnswer = await api(stranger).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version,
      answerIds: [okId],
    });
    expect(foreignAnswer.status).toBe(404);
    expect((await api(reader).get<ChecklistDetailDto>(`/quality/checklists/${run.id}`)).status).toBe(200);
    expect((await start(reader)).status).toBe(403);
    const readerAnswer = await api(reader).put<Refusal>(`/quality/checklists/${run.id}/items/${rowId}`, {
      version: run.version,
      answerIds: [okId],
    });
    expect(readerAnswer.status).toBe(403);
  });

  it('filters the list by status, template and search', async () => {
    const open = await api(admin).get<Page<ChecklistDto>>('/quality/checklists?status=open');
    expect(open.body.items.every((item) => item.status === 'open')).toBe(true);
    const completed = await api(admin).get<Page<ChecklistDto>>('/quality/checklists?status=completed');
    expect(completed.body.total).toBeGreaterThanOrEqual(2);
    const byTemplate = await api(admin).get<Page<ChecklistDto>>(
      `/quality/checklists?templateId=${templateId}`,
    );
    expect(byTemplate.body.total).toBe(open.body.total + completed.body.total);
    const byProject = await api(admin).get<Page<ChecklistDto>>('/quality/checklists?search=L%C3%B8renskog');
    expect(byProject.body.total).toBe(byTemplate.body.total);
    const none = await api(admin).get<Page<ChecklistDto>>('/quality/checklists?search=finnesikke');
    expect(none.body.total).toBe(0);
    const paged = await api(admin).get<Page<ChecklistDto>>('/quality/checklists?pageSize=1&page=2');
    expect(paged.body.items).toHaveLength(1);
  });
});
