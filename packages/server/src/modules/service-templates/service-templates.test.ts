import type {
  ErrorPayload,
  ProjectDto,
  ServiceTemplateFullDto,
  ServiceTemplatesChangedPush,
} from '@karm/domain/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { companies } from '../company/company.tables';
import { restClient } from '../offers/offers-test-helpers';
import { copyTemplateToProject } from './project-copies';
import {
  projectServiceAnswers,
  projectServiceRows,
  projectServiceTemplates,
  serviceTemplateSettings,
} from './service-templates.tables';
import {
  answersOfRow,
  buildTemplate,
  expectDenseOrders,
  groupOf,
  rowOf,
} from './service-templates-test-helpers';

let server: TestServer;
let admin: SignedInUser;
let secondAdmin: SignedInUser;
let technician: SignedInUser;
let office: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin' });
  secondAdmin = await server.signedInUser({ role: 'admin', companyId: admin.companyId });
  technician = await server.signedInUser({ role: 'technician', companyId: admin.companyId });
  office = await server.signedInUser({ role: 'office', companyId: admin.companyId });
  stranger = await server.signedInUser({ role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

const rest = (user: SignedInUser) => restClient(server, user);
const full = (user: SignedInUser, id: string) =>
  user.client.request('admin-service:get-full-service-template', { id });
const storedSettings = async (companyId: string) =>
  server.ctx.db
    .select()
    .from(serviceTemplateSettings)
    .where(eq(serviceTemplateSettings.companyId, companyId));

describe('shipped templates', () => {
  it('a new company reads three ready templates in its document language, and reading stores nothing', async () => {
    const fresh = await server.signedInUser({ role: 'technician' });
    const page = await fresh.client.request('admin-service:find-service-templates', {});
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.name).sort()).toEqual([
      'Automatisk dør — årlig kontroll etter EN 16005',
      'Branndør — årlig kontroll',
      'Overlevering etter montasje av vinduer og dører',
    ]);
    const en16005 = page.items.find((item) => item.name.includes('EN 16005'));
    if (!en16005) throw new Error('No EN 16005 template');
    const tree = await full(fresh, en16005.id);
    expect(tree.groups.map((group) => group.name)).toEqual([
      'Dør og dokumentasjon',
      'Sensorer og sikkerhetsfunksjoner',
      'Krefter og hastigheter',
      'Nødåpning',
      'Mekanisk tilstand',
      'Skilting og merking',
      'Loggbok og signaturer',
    ]);
    expect(expectDenseOrders(tree)).toEqual([]);
    const sensors = tree.groups[1];
    expect(sensors?.typeGroup).toBe('functions');
    expect(sensors?.rows[0]?.answers.map((answer) => answer.name)).toEqual(['OK', 'Ikke OK', 'Ikke aktuelt']);
    expect(sensors?.rows[0]?.functionId).toBeTruthy();
    const types = new Set(tree.groups.flatMap((group) => group.rows.map((row) => row.type)));
    for (const type of ['text', 'number', 'date', 'singleAnswer', 'picture', 'signature', 'url']) {
      expect(types).toContain(type);
    }
    const functions = await rest(fresh).get<{ groups: { functions: { id: string }[] }[] }>(
      '/service-templates/functions',
    );
    const functionIds = functions.body.groups.flatMap((group) => group.functions.map((fn) => fn.id));
    expect(functionIds).toContain(sensors?.rows[0]?.functionId);
    const answers = await rest(fresh).get<{ name: string }[]>('/global-service-answers/groups');
    expect(answers.body.map((group) => group.name)).toEqual([
      'OK / Ikke OK / Ikke aktuelt',
      'Godkjent / Anmerkning / Ikke godkjent',
    ]);
    expect(await storedSettings(fresh.companyId)).toEqual([]);
  });

  it('an English company gets them in English, and the first change stores them under the ids read', async () => {
    const english = await server.signedInUser({ role: 'admin' });
    await server.ctx.db
      .update(companies)
      .set({ documentLanguage: 'en' })
      .where(eq(companies.id, english.companyId));
    const page = await english.client.request('admin-service:find-service-templates', { search: 'fire' });
    expect(page.items.map((item) => item.name)).toEqual(['Fire door — annual inspection']);
    const read = await full(english, page.items[0]?.id ?? '');
    const renamed = await english.client.request('admin-service:update', {
      entity: 'template',
      id: read.id,
      version: read.version,
      changes: { name: 'Fire door — annual inspection (EI2 30)' },
    });
    expect(renamed).toMatchObject({ id: read.id, version: read.version + 1 });
    expect(renamed.groups.map((group) => group.id)).toEqual(read.groups.map((group) => group.id));
    expect(rowOf(renamed, read.groups[0]?.rows[0]?.id ?? '').name).toBe('Door number and location');
    expect(await storedSettings(english.companyId)).toHaveLength(1);
    expect((await english.client.request('admin-service:find-service-templates', {})).total).toBe(3);
  });
});

describe('building a template', () => {
  it('creates a template, groups, rows and answers, each answering the whole tree, and pushes the change to the company only', async () => {
    const pushed = secondAdmin.client.nextPush(
      'service-templates:changed',
    ) as Promise<ServiceTemplatesChangedPush>;
    const strangerPushes: unknown[] = [];
    stranger.client.socket.on('service-templates:changed', (payload: unknown) =>
      strangerPushes.push(payload),
    );
    const { template, rowId } = await buildTemplate(admin, 'Skyvedør — halvårlig kontroll');
    expect(template).toMatchObject({
      name: 'Skyvedør — halvårlig kontroll',
      groupCount: 1,
      rowCount: 1,
      usage: 0,
    });
    expect(template.version).toBe(5);
    expect(answersOfRow(template, rowId).map((answer) => [answer.name, answer.position])).toEqual([
      ['OK', 0],
      ['Ikke OK', 1],
    ]);
    expect((await pushed).templates[0]?.id).toBeDefined();
    const listed = await technician.client.request('admin-service:find-service-templates', {
      search: 'skyvedør',
    });
    expect(listed.items).toEqual([expect.objectContaining({ id: template.id, version: template.version })]);
    expect(strangerPushes).toEqual([]);
    // Defaults: a row is text, an answer grey.
    const row = await admin.client.request('admin-service:create', {
      entity: 'row',
      groupId: template.groups[0]?.id ?? '',
      name: 'Merknad',
    });
    expect(row.groups[0]?.rows[1]).toMatchObject({
      type: 'text',
      note: '',
      url: '',
      fileId: null,
      position: 1,
    });
  });

  it('reads the whole tree as a change answers it, sent as the JSON bytes the database built', async () => {
    const { template } = await buildTemplate(admin, 'Pendeldør — årlig kontroll');
    // The raw acknowledgement: UTF-8 JSON, passed on without being parsed and encoded again.
    const raw = await new Promise<unknown>((resolve) =>
      admin.client.socket.emit(
        'admin-service:get-full-service-template',
        { id: template.id },
        (_error: unknown, result: unknown) => resolve(result),
      ),
    );
    expect(Buffer.isBuffer(raw)).toBe(true);
    expect(JSON.parse(String(raw))).toEqual(template);
    // What every client reads: the same tree the last change answered, with its counts and order.
    expect(await full(technician, template.id)).toEqual(template);
  });

  it('refuses bad input with a coded message and changes nothing', async () => {
    const { template, groupId, rowId } = await buildTemplate(admin);
    const strangerTemplate = await buildTemplate(stranger);
    const bad: [string, unknown][] = [
      ['empty name', { entity: 'group', templateId: template.id, name: '  ' }],
      ['10 000 characters', { entity: 'group', templateId: template.id, name: 'x'.repeat(10_000) }],
      ['NUL', { entity: 'row', groupId, name: 'Sensor\u0000' }],
      ['wrong type', { entity: 'row', groupId, name: 'Sensor', type: 'checkbox' }],
      ['bad url', { entity: 'row', groupId, name: 'Manual', url: 'ftp://example.com/manual.pdf' }],
      ['javascript url', { entity: 'row', groupId, name: 'Manual', url: 'javascript:alert(1)' }],
      ['bad colour', { entity: 'answer', rowId, name: 'Delvis', color: 'green' }],
      ['number as name', { entity: 'template', name: 42 }],
      ['another company’s group', { entity: 'row', groupId: strangerTemplate.groupId, name: 'Lurt inn' }],
      [
        'another company’s template',
        { entity: 'group', templateId: strangerTemplate.template.id, name: 'X' },
      ],
    ];
    for (const [label, input] of bad) {
      const error = await admin.client.requestError('admin-service:create', input as never);
      expect(error.code, label).toBe('VALIDATION');
    }
    const urlError = await admin.client.requestError('admin-service:create', {
      entity: 'row',
      groupId,
      name: 'Manual',
      url: 'www.example.com',
    });
    expect(urlError).toMatchObject({
      messageKey: 'validation.urlInvalid',
      details: { fields: { url: 'validation.urlInvalid' } },
    });
    const moved = await admin.client.requestError('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: 1,
      changes: { position: -1 },
    });
    expect(moved.code).toBe('VALIDATION');
    const answerInTextRow = await admin.client.request('admin-service:create', {
      entity: 'row',
      groupId,
      name: 'Tekst',
    });
    const textRow = groupOf(answerInTextRow, groupId).rows[1];
    const refused = await admin.client.requestError('admin-service:create', {
      entity: 'answer',
      rowId: textRow?.id ?? '',
      name: 'OK',
    });
    expect(refused).toMatchObject({ code: 'VALIDATION', messageKey: 'validation.rowTakesNoAnswers' });
    expect(await full(admin, template.id)).toMatchObject({ version: answerInTextRow.version, rowCount: 2 });
    expect(await full(stranger, strangerTemplate.template.id)).toEqual(strangerTemplate.template);
    // Another company's template is not found, to readers as to writers.
    expect(
      (
        await technician.client.requestError('admin-service:get-full-service-template', {
          id: strangerTemplate.template.id,
        })
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('refuses a stale version and a double click, and lets only administrators change', async () => {
    const { template, rowId } = await buildTemplate(admin);
    const row = rowOf(template, rowId);
    const change = {
      entity: 'row' as const,
      id: rowId,
      version: row.version,
      changes: { note: 'Sjekk feltet' },
    };
    // A double click: both sent at once, whichever arrives first is saved and the other is stale.
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        admin.client.request('admin-service:update', change).then(
          () => null,
          (error: { payload: ErrorPayload }) => error.payload,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome !== null)).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.serviceTemplateChanged',
      details: { reason: 'stale', currentVersion: row.version + 1 },
    });
    const staleTemplate = await admin.client.requestError('admin-service:update', {
      entity: 'template',
      id: template.id,
      version: template.version,
      changes: { name: 'Nytt navn' },
    });
    expect(staleTemplate.code).toBe('CONFLICT');
    for (const user of [technician, office]) {
      const refused = await user.client.requestError('admin-service:update', {
        ...change,
        version: row.version + 1,
      });
      expect(refused).toMatchObject({
        code: 'FORBIDDEN',
        details: { permissions: ['service-templates.write'] },
      });
      expect(
        (await user.client.request('admin-service:get-full-service-template', { id: template.id })).id,
      ).toBe(template.id);
    }
    const refusedRest = await rest(technician).post('/service-templates/copy', { id: template.id });
    expect(refusedRest.status).toBe(403);
  });
});

describe('row types and answers', () => {
  it('changing a row to a type without answers removes them; back to an answer type it has none', async () => {
    const { template, rowId } = await buildTemplate(admin);
    const row = rowOf(template, rowId);
    const asNumber = await admin.client.request('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version,
      changes: { type: 'number', note: 'Lukkekraft (N)' },
    });
    expect(rowOf(asNumber, rowId)).toMatchObject({ type: 'number', answers: [], note: 'Lukkekraft (N)' });
    const back = await admin.client.request('admin-service:update', {
      entity: 'row',
      id: rowId,
      version: row.version + 1,
      changes: { type: 'multipleAnswers' },
    });
    expect(rowOf(back, rowId)).toMatchObject({ type: 'multipleAnswers', answers: [] });
  });

  it('asks before an answer that is not OK takes position 1, and not again for other changes', async () => {
    const { template, rowId } = await buildTemplate(admin);
    const [ok, notOk] = answersOfRow(template, rowId);
    if (!ok || !notOk) throw new Error('Two answers expected');
    const moveUp = {
      entity: 'answer' as const,
      id: notOk.id,
      version: notOk.version,
      changes: { position: 0 },
    };
    const refused = await admin.client.requestError('admin-service:update', moveUp);
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.firstAnswerNotOk',
      details: { reason: 'firstAnswerNotOk', name: 'Ikke OK' },
    });
    expect(answersOfRow(await full(admin, template.id), rowId).map((answer) => answer.name)).toEqual([
      'OK',
      'Ikke OK',
    ]);
    const reorder = await rest(admin).post<ErrorPayload>('/service-templates/service-answers/reorder', {
      rowId,
      ids: [notOk.id, ok.id],
    });
    expect(reorder.status).toBe(409);
    const deleteOk = await admin.client.requestError('admin-service:delete', {
      entity: 'answer',
      id: ok.id,
      version: ok.version,
    });
    expect(deleteOk.details).toMatchObject({ reason: 'firstAnswerNotOk' });
    const confirmed = await admin.client.request('admin-service:update', {
      ...moveUp,
      isNotOkFirstConfirmed: true,
    });
    expect(answersOfRow(confirmed, rowId).map((answer) => [answer.name, answer.position])).toEqual([
      ['Ikke OK', 0],
      ['OK', 1],
    ]);
    // The confirmed first answer is not asked about again when another answer changes.
    const renamed = await admin.client.request('admin-service:update', {
      entity: 'answer',
      id: ok.id,
      // Moving the other answer changed this one's place, not the answer itself.
      version: ok.version,
      changes: { name: 'Godkjent' },
    });
    expect(answersOfRow(renamed, rowId)[1]?.name).toBe('Godkjent');
    // A first answer of an empty row that is not OK is asked about too.
    const withRow = await admin.client.request('admin-service:create', {
      entity: 'row',
      groupId: template.groups[0]?.id ?? '',
      name: 'Nødåpning',
      type: 'singleAnswer',
    });
    const emptyRow = withRow.groups[0]?.rows[1];
    const first = await admin.client.requestError('admin-service:create', {
      entity: 'answer',
      rowId: emptyRow?.id ?? '',
      name: 'Feil',
      color: '#e03131',
      isCommentRequired: true,
    });
    expect(first.details).toMatchObject({ reason: 'firstAnswerNotOk', name: 'Feil' });
  });
});

describe('orders', () => {
  it('stays dense and unique when two sockets move rows of one group at once', async () => {
    const { template, groupId } = await buildTemplate(admin);
    let current: ServiceTemplateFullDto = template;
    for (const name of ['B', 'C', 'D', 'E', 'F']) {
      current = await admin.client.request('admin-service:create', { entity: 'row', groupId, name });
    }
    const rows = groupOf(current, groupId).rows;
    const moves = rows.map((row, index) => ({
      user: index % 2 === 0 ? admin : secondAdmin,
      input: {
        entity: 'row' as const,
        id: row.id,
        version: row.version,
        changes: { position: (index * 3) % rows.length },
      },
    }));
    const results = await Promise.allSettled(
      moves.map(({ user, input }) => user.client.request('admin-service:update', input)),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const after = await full(admin, template.id);
    expect(expectDenseOrders(after)).toEqual([]);
    expect(
      groupOf(after, groupId)
        .rows.map((row) => row.id)
        .sort(),
    ).toEqual(rows.map((row) => row.id).sort());
  });

  it('stays dense when two reorders of the same groups race, and ends in one of the two orders', async () => {
    const { template } = await buildTemplate(admin);
    let current = template;
    for (const name of ['Krefter', 'Nødåpning', 'Skilting']) {
      current = await admin.client.request('admin-service:create', {
        entity: 'group',
        templateId: template.id,
        name,
      });
    }
    const ids = current.groups.map((group) => group.id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(1), ids[0] as string];
    const [first, second] = await Promise.all([
      rest(admin).post('/service-templates/service-groups/reorder', {
        templateId: template.id,
        ids: reversed,
      }),
      rest(secondAdmin).post('/service-templates/service-groups/reorder', {
        templateId: template.id,
        ids: rotated,
      }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const after = await full(admin, template.id);
    expect(expectDenseOrders(after)).toEqual([]);
    expect([reversed, rotated]).toContainEqual(after.groups.map((group) => group.id));
    const mismatch = await rest(admin).post<ErrorPayload>('/service-templates/service-groups/reorder', {
      templateId: template.id,
      ids: ids.slice(1),
    });
    expect(mismatch).toMatchObject({
      status: 400,
      body: { details: { fields: { ids: 'validation.orderMismatch' } } },
    });
    const duplicate = await rest(admin).post('/service-templates/service-groups/reorder', {
      templateId: template.id,
      ids: [ids[0], ids[0], ids[1], ids[2]],
    });
    expect(duplicate.status).toBe(400);
  });

  it('deletes groups by ids and closes up the order', async () => {
    const { template } = await buildTemplate(admin);
    let current = template;
    for (const name of ['To', 'Tre', 'Fire']) {
      current = await admin.client.request('admin-service:create', {
        entity: 'group',
        templateId: template.id,
        name,
      });
    }
    const [one, two, three, four] = current.groups;
    const [after] = await admin.client.request('admin-service:delete-service-groups', {
      ids: [one?.id ?? '', three?.id ?? ''],
    });
    expect(after?.groups.map((group) => [group.id, group.position])).toEqual([
      [two?.id, 0],
      [four?.id, 1],
    ]);
    expect(after?.rowCount).toBe(0);
    const foreign = await buildTemplate(stranger);
    const refused = await admin.client.requestError('admin-service:delete-service-groups', {
      ids: [two?.id ?? '', foreign.groupId],
    });
    expect(refused.code).toBe('NOT_FOUND');
    expect((await full(admin, template.id)).groups).toHaveLength(2);
    const row = await admin.client.request('admin-service:delete', {
      entity: 'group',
      id: two?.id ?? '',
      version: two?.version ?? 0,
    });
    expect('groups' in row && row.groups.map((group) => group.position)).toEqual([0]);
  });
});

describe('copies', () => {
  it('copies a template whole, with new ids and its own orders', async () => {
    const { template } = await buildTemplate(admin, 'Karusselldør');
    const copy = await rest(admin).post<ServiceTemplateFullDto>('/service-templates/copy', {
      id: template.id,
    });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({ name: 'Karusselldør (kopi)', version: 1, rowCount: 1, usage: 0 });
    const strip = (tree: ServiceTemplateFullDto) =>
      tree.groups.map((group) => ({
        name: group.name,
        rows: group.rows.map((row) => ({
          name: row.name,
          answers: row.answers.map((answer) => answer.name),
        })),
      }));
    expect(strip(copy.body)).toEqual(strip(template));
    expect(copy.body.groups[0]?.id).not.toBe(template.groups[0]?.id);
    const named = await rest(admin).post<ServiceTemplateFullDto>('/service-templates/copy', {
      id: template.id,
      name: 'Egen',
    });
    expect(named.body.name).toBe('Egen');
    const foreign = await rest(stranger).post('/service-templates/copy', { id: template.id });
    expect(foreign.status).toBe(400);
  });

  it('copies a group next to its source and a row into another template’s group', async () => {
    const { template, groupId, rowId } = await buildTemplate(admin);
    const withSecond = await admin.client.request('admin-service:create', {
      entity: 'group',
      templateId: template.id,
      name: 'Siste',
    });
    const groupCopy = await rest(admin).post<ServiceTemplateFullDto>(
      '/service-templates/service-groups/copy',
      { id: groupId },
    );
    expect(groupCopy.body.groups.map((group) => group.name)).toEqual(['Sensorer', 'Sensorer', 'Siste']);
    expect(expectDenseOrders(groupCopy.body)).toEqual([]);
    expect(withSecond.version).toBeLessThan(groupCopy.body.version);
    const other = await buildTemplate(admin);
    const rowCopy = await rest(admin).post<ServiceTemplateFullDto>('/service-templates/service-rows/copy', {
      id: rowId,
      targetGroupId: other.groupId,
    });
    expect(rowCopy.body.id).toBe(other.template.id);
    expect(groupOf(rowCopy.body, other.groupId).rows.map((row) => [row.name, row.answers.length])).toEqual([
      ['Aktiveringssensor', 2],
      ['Aktiveringssensor', 2],
    ]);
    const same = await rest(admin).post<ServiceTemplateFullDto>('/service-templates/service-rows/copy', {
      id: rowId,
    });
    expect(groupOf(same.body, groupId).rows).toHaveLength(2);
    const strangerGroup = await buildTemplate(stranger);
    const refused = await rest(admin).post<ErrorPayload>('/service-templates/service-rows/copy', {
      id: rowId,
      targetGroupId: strangerGroup.groupId,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { details: { fields: { targetGroupId: 'validation.referenceUnknown' } } },
    });
    // A row is no group: copying into one is refused, so no copy can land inside what it copies.
    const intoRow = await rest(admin).post('/service-templates/service-rows/copy', {
      id: rowId,
      targetGroupId: rowId,
    });
    expect(intoRow.status).toBe(400);
  });

  it('copies a global answer set after a row’s own answers', async () => {
    const { template, groupId } = await buildTemplate(admin);
    const sets = await rest(admin).get<{ id: string; name: string }[]>('/global-service-answers/groups');
    const okSet = sets.body[0];
    const withRow = await admin.client.request('admin-service:create', {
      entity: 'row',
      groupId,
      name: 'Skilting',
      type: 'singleAnswer',
    });
    const row = groupOf(withRow, groupId).rows[1];
    const copied = await rest(admin).post<ServiceTemplateFullDto>(
      '/service-templates/service-answers/copy/from-global-group',
      {
        rowId: row?.id,
        globalGroupId: okSet?.id,
      },
    );
    expect(copied.status).toBe(200);
    expect(
      answersOfRow(copied.body, row?.id ?? '').map((answer) => [
        answer.name,
        answer.color,
        answer.isDeviationRequired,
      ]),
    ).toEqual([
      ['OK', '#2f9e44', false],
      ['Ikke OK', '#e03131', true],
      ['Ikke aktuelt', '#999999', false],
    ]);
    const text = await admin.client.request('admin-service:create', {
      entity: 'row',
      groupId,
      name: 'Merknad',
    });
    const textRow = groupOf(text, groupId).rows[2];
    const refused = await rest(admin).post('/service-templates/service-answers/copy/from-global-group', {
      rowId: textRow?.id,
      globalGroupId: okSet?.id,
    });
    expect(refused.status).toBe(400);
    expect(template.id).toBe(copied.body.id);
  });
});

describe('templates on projects', () => {
  let project: ProjectDto;
  beforeAll(async () => {
    project = await office.client.request('project:create', { name: 'Kjøpesenter Lillestrøm' } as never);
  });

  it('copies the template to a project with its version; later edits never change the copy', async () => {
    const { template, rowId } = await buildTemplate(admin);
    const copyId = await server.ctx.db.transaction((tx) =>
      copyTemplateToProject(tx, admin.companyId, template.id, project.id),
    );
    const [copy] = await server.ctx.db
      .select()
      .from(projectServiceTemplates)
      .where(eq(projectServiceTemplates.id, copyId));
    expect(copy).toMatchObject({
      projectId: project.id,
      sourceTemplateId: template.id,
      templateVersion: template.version,
    });
    const copiedRows = await server.ctx.db
      .select()
      .from(projectServiceRows)
      .where(eq(projectServiceRows.projectTemplateId, copyId));
    expect(copiedRows.map((row) => [row.name, row.sourceRowId])).toEqual([['Aktiveringssensor', rowId]]);
    const ok = answersOfRow(template, rowId)[0];
    await admin.client.request('admin-service:update', {
      entity: 'answer',
      id: ok?.id ?? '',
      version: ok?.version ?? 0,
      changes: { name: 'I orden' },
    });
    const copiedAnswers = await server.ctx.db
      .select()
      .from(projectServiceAnswers)
      .where(eq(projectServiceAnswers.projectTemplateId, copyId));
    expect(copiedAnswers.map((answer) => answer.name).sort()).toEqual(['Ikke OK', 'OK']);
    const listed = await admin.client.request('admin-service:find-service-templates', {
      search: template.name,
    });
    expect(listed.items[0]?.usage).toBe(1);
    // In use: refused with the count, and nothing goes.
    const current = await full(admin, template.id);
    const refused = await admin.client.requestError('admin-service:delete', {
      entity: 'template',
      id: template.id,
      version: current.version,
    });
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'validation.serviceTemplateInUse?count=1',
      details: { reason: 'templateInUse', count: 1 },
    });
    expect((await full(admin, template.id)).version).toBe(current.version);
  });

  it('refuses another company’s project or template, and a removed project takes its copies along', async () => {
    const { template } = await buildTemplate(admin);
    const strangerProject = await stranger.client.request('project:create', { name: 'Fremmed' } as never);
    const foreignTemplate = await buildTemplate(stranger);
    await expect(
      server.ctx.db.transaction((tx) =>
        copyTemplateToProject(tx, admin.companyId, template.id, strangerProject.id),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      server.ctx.db.transaction((tx) =>
        copyTemplateToProject(tx, admin.companyId, foreignTemplate.template.id, project.id),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const doomed = await office.client.request('project:create', { name: 'Rives' } as never);
    await server.ctx.db.transaction((tx) =>
      copyTemplateToProject(tx, admin.companyId, template.id, doomed.id),
    );
    expect((await full(admin, template.id)).usage).toBe(1);
    await office.client.request('project:delete', { id: doomed.id, version: doomed.version } as never);
    expect((await full(admin, template.id)).usage).toBe(0);
    const deleted = await admin.client.request('admin-service:delete', {
      entity: 'template',
      id: template.id,
      version: (await full(admin, template.id)).version,
    });
    expect(deleted).toEqual({ id: template.id });
    expect(
      (await admin.client.requestError('admin-service:get-full-service-template', { id: template.id })).code,
    ).toBe('NOT_FOUND');
  });
});
