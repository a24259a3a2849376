import type {
  ErrorPayload,
  GlobalAnswerGroupDto,
  ServiceFunctionsDto,
  ServiceTemplateFullDto,
} from '@karm/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { uploadTestFile } from '../files/download-links.testing';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate, rowOf } from './service-templates-test-helpers';

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  technician = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
  stranger = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const rest = (user: SignedInUser) => restClient(server, user);
const groupsOf = async (user = admin) =>
  (await rest(user).get<GlobalAnswerGroupDto[]>('/global-service-answers/groups')).body;
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('global answers', () => {
  it('adds a set with answers, renames, reorders, and pushes the change', async () => {
    const pushed = technician.client.nextPush('service-templates:changed');
    const created = await rest(admin).post<GlobalAnswerGroupDto[]>('/global-service-answers/groups', {
      name: 'Ja / Nei',
    });
    expect(created.status).toBe(200);
    expect(await pushed).toMatchObject({ isGlobalAnswersChanged: true, isFunctionsChanged: false });
    const set = created.body.find((group) => group.name === 'Ja / Nei');
    expect(set?.position).toBe(2);
    await rest(admin).post('/global-service-answers', { groupId: set?.id, name: 'Ja', color: '#2f9e44' });
    const withNo = await rest(admin).post<GlobalAnswerGroupDto[]>('/global-service-answers', {
      groupId: set?.id,
      name: 'Nei',
      color: '#e03131',
      isCommentRequired: true,
    });
    const answers = withNo.body.find((group) => group.id === set?.id)?.answers ?? [];
    expect(answers.map((answer) => [answer.name, answer.position])).toEqual([
      ['Ja', 0],
      ['Nei', 1],
    ]);
    const listed = await rest(technician).get<{ name: string }[]>(
      `/global-service-answers?groupId=${set?.id}`,
    );
    expect(listed.body.map((answer) => answer.name)).toEqual(['Ja', 'Nei']);
    const renamed = await rest(admin).patch<GlobalAnswerGroupDto[]>(
      `/global-service-answers/groups/${set?.id}`,
      {
        version: set?.version,
        changes: { name: 'Ja / Nei / Vet ikke' },
      },
    );
    expect(renamed.body.find((group) => group.id === set?.id)?.name).toBe('Ja / Nei / Vet ikke');
    const stale = await rest(admin).patch<ErrorPayload>(`/global-service-answers/groups/${set?.id}`, {
      version: set?.version,
      changes: { name: 'Igjen' },
    });
    expect(stale).toMatchObject({ status: 409, body: { details: { reason: 'stale' } } });
    const ids = renamed.body.map((group) => group.id);
    const reordered = await rest(admin).post<GlobalAnswerGroupDto[]>(
      '/global-service-answers/groups/reorder',
      {
        ids: [...ids].reverse(),
      },
    );
    expect(reordered.body.map((group) => group.id)).toEqual([...ids].reverse());
    expect(reordered.body.map((group) => group.position)).toEqual([0, 1, 2]);
  });

  it('keeps position 1 a positive OK value unless confirmed', async () => {
    const sets = await groupsOf();
    const okSet = sets.find((group) => group.name.startsWith('OK'));
    const [ok, notOk, notApplicable] = okSet?.answers ?? [];
    const reorder = { groupId: okSet?.id, ids: [notOk?.id, ok?.id, notApplicable?.id] };
    const refused = await rest(admin).post<ErrorPayload>('/global-service-answers/reorder', reorder);
    expect(refused).toMatchObject({
      status: 409,
      body: { details: { reason: 'firstAnswerNotOk', name: 'Ikke OK' } },
    });
    const deleteFirst = await rest(admin).delete<ErrorPayload>(
      `/global-service-answers/${ok?.id}?version=${ok?.version}`,
    );
    expect(deleteFirst.status).toBe(409);
    const confirmed = await rest(admin).delete<GlobalAnswerGroupDto[]>(
      `/global-service-answers/${ok?.id}?version=${ok?.version}&isNotOkFirstConfirmed=true`,
    );
    expect(
      confirmed.body
        .find((group) => group.id === okSet?.id)
        ?.answers.map((answer) => [answer.name, answer.position]),
    ).toEqual([
      ['Ikke OK', 0],
      ['Ikke aktuelt', 1],
    ]);
    const badColour = await rest(admin).patch<ErrorPayload>(`/global-service-answers/${notApplicable?.id}`, {
      version: notApplicable?.version,
      changes: { color: '#12345' },
    });
    expect(badColour).toMatchObject({
      status: 400,
      body: { details: { fields: { 'changes.color': 'validation.colourInvalid' } } },
    });
  });

  it('keeps every company to its own sets, and readers to reading', async () => {
    const [mine] = await groupsOf();
    const foreign = await rest(stranger).post<ErrorPayload>('/global-service-answers', {
      groupId: mine?.id,
      name: 'Lurt',
    });
    expect(foreign).toMatchObject({
      status: 400,
      body: { details: { fields: { groupId: 'validation.referenceUnknown' } } },
    });
    expect((await rest(stranger).get(`/global-service-answers?groupId=${mine?.id}`)).status).toBe(404);
    expect((await rest(technician).post('/global-service-answers/groups', { name: 'Nei' })).status).toBe(403);
    const deleted = await rest(admin).delete<GlobalAnswerGroupDto[]>(
      `/global-service-answers/groups/${mine?.id}?version=${mine?.version}`,
    );
    expect(deleted.body.map((group) => group.position)).toEqual([0, 1]);
    expect((await groupsOf(stranger)).map((group) => group.name)).toEqual([
      'OK / Ikke OK / Ikke aktuelt',
      'Godkjent / Anmerkning / Ikke godkjent',
    ]);
  });
});

describe('functions', () => {
  it('adds, renames and deletes functions and statuses; a function rows use is kept', async () => {
    const list = (await rest(admin).get<ServiceFunctionsDto>('/service-templates/functions')).body;
    expect(list.statuses.map((status) => status.name)).toEqual(['Fungerer', 'Feil', 'Byttet']);
    const sensors = list.groups[0];
    const withFunction = await rest(admin).post<ServiceFunctionsDto>('/service-templates/functions', {
      groupId: sensors?.id,
      name: 'Radar, innside',
    });
    const radar = withFunction.body.groups[0]?.functions.at(-1);
    expect(radar).toMatchObject({ name: 'Radar, innside', position: sensors?.functions.length ?? 0 });
    const { template, rowId } = await buildTemplate(admin);
    const row = rowOf(template, rowId);
    const pointed = await admin.client.request('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version,
      changes: { functionId: radar?.id ?? null },
    });
    expect(rowOf(pointed, rowId).functionId).toBe(radar?.id);
    const inUse = await rest(admin).delete<ErrorPayload>(
      `/service-templates/functions/${radar?.id}?version=${radar?.version}`,
    );
    expect(inUse).toMatchObject({ status: 409, body: { details: { reason: 'functionInUse', count: 1 } } });
    const groupInUse = await rest(admin).delete(
      `/service-templates/function-groups/${sensors?.id}?version=${sensors?.version}`,
    );
    expect(groupInUse.status).toBe(409);
    const foreign = await stranger.client.requestError('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version + 1,
      changes: { note: 'x' },
    });
    expect(foreign.code).toBe('NOT_FOUND');
    const strangerFunctions = (await rest(stranger).get<ServiceFunctionsDto>('/service-templates/functions'))
      .body;
    const foreignFunction = await admin.client.requestError('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version + 1,
      changes: { functionId: strangerFunctions.groups[0]?.functions[0]?.id ?? null },
    });
    expect(foreignFunction).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { functionId: 'validation.referenceUnknown' } },
    });
    const status = await rest(admin).post<ServiceFunctionsDto>('/service-templates/function-statuses', {
      name: 'Justert',
      color: '#f08c00',
    });
    const adjusted = status.body.statuses.at(-1);
    const recoloured = await rest(admin).patch<ServiceFunctionsDto>(
      `/service-templates/function-statuses/${adjusted?.id}`,
      {
        version: adjusted?.version,
        changes: { color: '#1c7ed6' },
      },
    );
    expect(recoloured.body.statuses.at(-1)).toMatchObject({ name: 'Justert', color: '#1c7ed6', version: 2 });
    const gone = await rest(admin).delete<ServiceFunctionsDto>(
      `/service-templates/function-statuses/${adjusted?.id}?version=2`,
    );
    expect(gone.body.statuses.map((entry) => entry.position)).toEqual([0, 1, 2]);
  });
});

describe('attached files', () => {
  it('attaches a file to a row; the file in use is not deleted, and a replaced one goes', async () => {
    const { template, rowId } = await buildTemplate(admin);
    const diagram = await uploadTestFile(server, admin, {
      type: 'service-file',
      bytes: PDF,
      fileName: 'koblingsskjema.pdf',
    });
    const row = rowOf(template, rowId);
    const attached = await admin.client.request('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version,
      changes: { fileId: diagram.id, url: 'https://example.com/manual.pdf' },
    });
    expect(rowOf(attached, rowId)).toMatchObject({ fileId: diagram.id, fileName: 'koblingsskjema.pdf' });
    const copied = await rest(admin).post<ServiceTemplateFullDto>('/service-templates/copy', {
      id: template.id,
    });
    const inUse = await rest(admin).delete(`/file/${diagram.id}`);
    expect(inUse.status).toBe(409);
    // A technician may open it (the download asks service-templates.read), not delete it.
    const download = await fetch(`${server.url}/api/file?id=${diagram.id}`, {
      headers: { token: technician.token },
    });
    expect(download.status).toBe(200);
    expect((await rest(technician).delete(`/file/${diagram.id}`)).status).toBe(403);
    const replacement = await uploadTestFile(server, admin, {
      type: 'service-file',
      bytes: PDF,
      fileName: 'nytt.pdf',
    });
    await admin.client.request('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version + 1,
      changes: { fileId: replacement.id },
    });
    // The copy still uses the first file, so it stays.
    expect(
      (await fetch(`${server.url}/api/file?id=${diagram.id}`, { headers: { token: admin.token } })).status,
    ).toBe(200);
    await admin.client.request('admin-service:delete', {
      entity: 'template',
      id: copied.body.id,
      version: copied.body.version,
    });
    expect(
      (await fetch(`${server.url}/api/file?id=${diagram.id}`, { headers: { token: admin.token } })).status,
    ).toBe(404);
    const foreignFile = await uploadTestFile(server, stranger, {
      type: 'service-file',
      bytes: PDF,
      fileName: 'x.pdf',
    });
    const refused = await admin.client.requestError('admin-service:create', {
      entity: 'row',
      groupId: template.groups[0]?.id ?? '',
      name: 'Skjema',
      fileId: foreignFile.id,
    });
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      details: { fields: { fileId: 'validation.referenceUnknown' } },
    });
  });
});
