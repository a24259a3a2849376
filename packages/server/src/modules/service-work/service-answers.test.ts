import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AdminServiceCreateInput,
  DeviationDto,
  FileDto,
  ProjectDto,
  ProjectServiceRowDto,
  ServiceDataFullDto,
  ServiceItemDto,
  UserAnswerChangeResultDto,
  UserAnswerCreateResultDto,
  UserAnswerDto,
} from '@karm/domain/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { restClient } from '../offers/offers-test-helpers';
import { buildTemplate, groupOf } from '../service-templates/service-templates-test-helpers';

/** Answering a service item's checklist (SPEC §3 User answer, §5, §7 /service-project/*, §8). */

let server: TestServer;
let admin: SignedInUser;
let technician: SignedInUser;
let otherTechnician: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;
let project: ProjectDto;
let templateId: string;

type Refusal = { code: string; details?: { fields?: Record<string, string> } };

/** The test template: the helper's OK / Ikke OK row, plus a row whose "Skadet" asks for a comment and a picture, and value rows. */
const buildFullTemplate = async () => {
  const { template, groupId } = await buildTemplate(admin, 'Automatisk dør — årlig');
  const create = (input: AdminServiceCreateInput) => admin.client.request('admin-service:create', input);
  const rowOf = async (name: string, type: string) => {
    const full = await create({ entity: 'row', groupId, name, type } as AdminServiceCreateInput);
    return groupOf(full, groupId).rows.find((row) => row.name === name)?.id as string;
  };
  const damaged = await rowOf('Glass og profiler', 'singleAnswer');
  await create({ entity: 'answer', rowId: damaged, name: 'OK', color: '#2f9e44' });
  await create({
    entity: 'answer',
    rowId: damaged,
    name: 'Skadet',
    color: '#f08c00',
    isCommentRequired: true,
    isPictureRequired: true,
  });
  await rowOf('Merknad', 'text');
  await rowOf('Lukkekraft (N)', 'number');
  await rowOf('Neste kontroll', 'date');
  await rowOf('Dokumentasjon', 'url');
  await rowOf('Kundens signatur', 'signature');
  return template.id;
};

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
  otherTechnician = await server.signedInUser({ role: 'technician', companyId });
  reader = await server.signedInUser({ role: 'readonly', companyId });
  stranger = await server.signedInUser({ role: 'admin' });
  project = await admin.client.request('project:create', {
    name: 'Storo Storsenter',
    isService: true,
  } as never);
  templateId = await buildFullTemplate();
});
afterAll(async () => {
  await server?.close();
});

const addItem = async (name = 'Hovedinngang', user = admin, projectId = project.id, template = templateId) =>
  (
    await restClient(server, user).post<ServiceItemDto>('/service-project/template/add', {
      id: randomUUID(),
      serviceTemplateId: template,
      projectId,
      name,
    })
  ).body;

const dataOf = async (itemId: string, user = technician) =>
  (
    await restClient(server, user).get<ServiceDataFullDto>(
      `/service-project/data/full?serviceItemId=${itemId}`,
    )
  ).body;

const rowNamed = (data: ServiceDataFullDto, name: string) =>
  data.groups.flatMap((group) => group.rows).find((row) => row.name === name) as ProjectServiceRowDto;
const answerNamed = (row: ProjectServiceRowDto, name: string) =>
  row.answers.find((answer) => answer.name === name)?.id as string;

const answer = (body: Record<string, unknown>, user = technician) =>
  restClient(server, user).post<UserAnswerCreateResultDto & Refusal>(
    '/service-project/user-service-answer',
    body,
  );

const upload = async (user: SignedInUser, bytes: Buffer, name = 'bilde.jpg', type = 'service-picture') => {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${server.url}/api/file?companyId=${user.companyId}`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as FileDto & Refusal };
};

/** A phone photo: 3 000 × 1 000 stored sideways (EXIF orientation 6, "turn 90° clockwise"). */
const sidewaysPhoto = () =>
  sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#8899aa' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

const download = async (user: SignedInUser, id: string, variant = '') => {
  const response = await fetch(`${server.url}/api/file?id=${id}${variant ? `&variant=${variant}` : ''}`, {
    headers: { token: user.token },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), response };
};

describe('reading the checklist', () => {
  it('answers the item, its project and its copy of the template in order, by item or by copy', async () => {
    const item = await addItem();
    const data = await dataOf(item.id);
    expect(data.item.id).toBe(item.id);
    expect(data.project).toMatchObject({ id: project.id, name: 'Storo Storsenter' });
    expect(data.template.id).toBe(item.projectServiceTemplateId);
    expect(data.groups[0]?.rows.map((row) => row.name)).toEqual([
      'Aktiveringssensor',
      'Glass og profiler',
      'Merknad',
      'Lukkekraft (N)',
      'Neste kontroll',
      'Dokumentasjon',
      'Kundens signatur',
    ]);
    expect(rowNamed(data, 'Aktiveringssensor').answers.map((entry) => entry.name)).toEqual(['OK', 'Ikke OK']);
    expect(data.answers).toEqual([]);
    const byCopy = await restClient(server, reader).get<ServiceDataFullDto>(
      `/service-project/data/full?projectServiceTemplateId=${item.projectServiceTemplateId}`,
    );
    expect(byCopy.body.item.id).toBe(item.id);
  });

  it('takes the company-id header, refuses another company in it, and hides other companies', async () => {
    const item = await addItem('Bakdør');
    const call = (companyId: string, user = technician) =>
      fetch(`${server.url}/api/service-project/data/full?serviceItemId=${item.id}`, {
        headers: { token: user.token, 'company-id': companyId },
      });
    expect((await call(technician.companyId)).status).toBe(200);
    expect((await call(stranger.companyId)).status).toBe(403);
    expect((await call(stranger.companyId, stranger)).status).toBe(404);
    const strangers = await restClient(server, stranger).get(
      `/service-project/user-service-answer?serviceItemId=${item.id}`,
    );
    expect(strangers.status).toBe(404);
  });
});

describe('answering', () => {
  it('answers OK, then replaces it by a deviation-raising answer only at the version read', async () => {
    const item = await addItem('Inngang nord');
    const data = await dataOf(item.id);
    const row = rowNamed(data, 'Aktiveringssensor');
    const pushed = otherTechnician.client.nextPush('service-answers:changed');
    const ok = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: answerNamed(row, 'OK'),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.deleted).toEqual([]);
    expect(ok.body.created[0]).toMatchObject({ userName: 'Tore Tekniker', version: 1, deviationId: null });
    expect(ok.body.item).toMatchObject({ status: 'ok', lastVisitAt: '2026-03-02T09:00:00.000Z' });
    expect(await pushed).toMatchObject({ serviceItemId: item.id, projectId: project.id });
    const first = ok.body.created[0] as UserAnswerDto;

    // Someone who did not see the OK (no `replaces`) is refused, not silently replacing it.
    const blind = await answer(
      {
        serviceItemId: item.id,
        projectRowId: row.id,
        projectServiceAnswerId: answerNamed(row, 'Ikke OK'),
        comment: 'x',
      },
      otherTechnician,
    );
    expect(blind.status).toBe(409);
    expect(blind.body.code).toBe('CONFLICT');

    const picture = await upload(technician, await sidewaysPhoto());
    expect(picture.status).toBe(201);
    const notOk = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: answerNamed(row, 'Ikke OK'),
      comment: 'Sensoren reagerer ikke',
      pictureId: picture.body.id,
      replaces: { id: first.id, version: first.version },
    });
    expect(notOk.status).toBe(201);
    expect(notOk.body.deleted).toEqual([first.id]);
    expect(notOk.body.item.status).toBe('fault');
    const created = notOk.body.created[0] as UserAnswerDto;
    expect(created.deviationId).not.toBeNull();
    expect(created.deviationNumber).toBeGreaterThan(0);
    const deviation = (
      await restClient(server, admin).get<DeviationDto>(`/quality/deviations/${created.deviationId}`)
    ).body;
    expect(deviation).toMatchObject({
      category: 'service',
      status: 'open',
      projectId: project.id,
      serviceItemId: item.id,
      description: 'Sensoren reagerer ikke',
      pictureIds: [picture.body.id],
    });
    expect(deviation.title).toContain('Aktiveringssensor');
    // The replaced answer is gone; replacing it again at its old version is stale.
    const again = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: answerNamed(row, 'OK'),
      replaces: { id: first.id, version: first.version },
    });
    expect(again.status).toBe(409);
    const listed = await restClient(server, reader).get<UserAnswerDto[]>(
      `/service-project/user-service-answer?serviceItemId=${item.id}`,
    );
    expect(listed.body.map((entry) => entry.id)).toEqual([created.id]);
  });

  it('asks for the comment and the picture the chosen answer requires (SPEC §5)', async () => {
    const item = await addItem('Inngang sør');
    const row = rowNamed(await dataOf(item.id), 'Glass og profiler');
    const damaged = answerNamed(row, 'Skadet');
    const missing = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: damaged,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.fields).toMatchObject({
      comment: 'validation.commentRequired',
      pictureId: 'validation.pictureRequired',
    });
    const picture = await upload(technician, await sidewaysPhoto());
    const given = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: damaged,
      comment: 'Sprekk i glasset',
      pictureId: picture.body.id,
    });
    expect(given.status).toBe(201);
    expect(given.body.item.status).toBe('attention');
    expect(given.body.created[0]?.deviationId).toBeNull();
    // Taking the comment away afterwards is refused too.
    const created = given.body.created[0] as UserAnswerDto;
    const cleared = await restClient(server, technician).patch<Refusal>(
      `/service-project/user-service-answer/${created.id}`,
      { version: 1, changes: { comment: '' } },
    );
    expect(cleared.status).toBe(400);
    // The picture in use is not deleted under the answer.
    const removal = await restClient(server, admin).delete(`/file/${picture.body.id}`);
    expect(removal.status).toBe(409);
  });

  it('stores text, number, date, URL and signature values on their rows only', async () => {
    const item = await addItem('Port 3');
    const data = await dataOf(item.id);
    const on = (name: string, values: Record<string, unknown>) =>
      answer({ serviceItemId: item.id, projectRowId: rowNamed(data, name).id, ...values });
    expect((await on('Merknad', { text: 'Smurt hengsler' })).status).toBe(201);
    expect((await on('Lukkekraft (N)', { number: 67.5 })).body.created[0]?.number).toBe(67.5);
    expect((await on('Neste kontroll', { date: '2027-03-01' })).body.created[0]?.date).toBe('2027-03-01');
    const badUrl = await on('Dokumentasjon', { text: 'javascript:alert(1)' });
    expect(badUrl.body.details?.fields?.text).toBe('validation.urlInvalid');
    expect((await on('Dokumentasjon', { text: 'https://example.no/dokument' })).status).toBe(201);
    const wrongValue = await on('Lukkekraft (N)', { text: 'sterk' });
    expect(wrongValue.body.details?.fields).toMatchObject({ text: 'validation.valueNotForRow' });
    const empty = await on('Kundens signatur', {});
    expect(empty.body.details?.fields?.fileId).toBe('validation.required');
    const signature = await upload(
      technician,
      await sharp({ create: { width: 600, height: 200, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer(),
      'signatur.png',
    );
    const signed = await on('Kundens signatur', { fileId: signature.body.id });
    expect(signed.status).toBe(201);
    expect(signed.body.item.status).toBe('ok');
    // A value row's answer is changed in place at its version; an old version is stale.
    const noteRow = rowNamed(data, 'Merknad');
    const note = (await dataOf(item.id)).answers.find(
      (entry) => entry.projectRowId === noteRow.id,
    ) as UserAnswerDto;
    const api = restClient(server, technician);
    const changed = await api.patch<UserAnswerChangeResultDto>(
      `/service-project/user-service-answer/${note.id}`,
      {
        version: 1,
        changes: { text: 'Smurt hengsler og justert lukker' },
      },
    );
    expect(changed.body.answer).toMatchObject({ text: 'Smurt hengsler og justert lukker', version: 2 });
    const stale = await api.patch<Refusal>(`/service-project/user-service-answer/${note.id}`, {
      version: 1,
      changes: { text: 'Overskrevet' },
    });
    expect(stale.status).toBe(409);
    expect((await api.delete(`/service-project/user-service-answer/${note.id}?version=1`)).status).toBe(409);
    expect((await api.delete(`/service-project/user-service-answer/${note.id}?version=2`)).status).toBe(200);
  });

  it('refuses an answer of another item, another company’s picture, NUL, too long, and readers', async () => {
    const item = await addItem('Dør A');
    const other = await addItem('Dør B');
    const otherRow = rowNamed(await dataOf(other.id), 'Merknad');
    const row = rowNamed(await dataOf(item.id), 'Aktiveringssensor');
    const okOfOther = answerNamed(rowNamed(await dataOf(other.id), 'Aktiveringssensor'), 'OK');
    const crossRow = await answer({ serviceItemId: item.id, projectRowId: otherRow.id, text: 'feil dør' });
    expect(crossRow.body.details?.fields?.projectRowId).toBe('validation.referenceUnknown');
    const crossAnswer = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: okOfOther,
    });
    expect(crossAnswer.body.details?.fields?.projectServiceAnswerId).toBe('validation.referenceUnknown');
    const theirs = await upload(stranger, await sidewaysPhoto());
    const foreignPicture = await answer({
      serviceItemId: item.id,
      projectRowId: rowNamed(await dataOf(item.id), 'Merknad').id,
      text: 'Se bilde',
      pictureId: theirs.body.id,
    });
    expect(foreignPicture.status).toBe(400);
    const noteRow = rowNamed(await dataOf(item.id), 'Merknad').id;
    expect((await answer({ serviceItemId: item.id, projectRowId: noteRow, text: 'a\u0000b' })).status).toBe(
      400,
    );
    const tooLong = await answer({
      serviceItemId: item.id,
      projectRowId: noteRow,
      text: 'x',
      comment: 'y'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
    expect(
      (await answer({ serviceItemId: item.id, projectRowId: noteRow, text: 'lese' }, reader)).status,
    ).toBe(403);
    expect(
      (await answer({ serviceItemId: item.id, projectRowId: noteRow, text: 'fremmed' }, stranger)).status,
    ).toBe(404);
    expect((await dataOf(item.id)).answers).toEqual([]);
  });
});

describe('pictures', () => {
  it('are turned upright, kept at most 2 000 px as JPEG with a thumbnail, for the company only', async () => {
    const picture = await upload(technician, await sidewaysPhoto(), 'IMG_0001.JPG');
    expect(picture.body).toMatchObject({
      type: 'service-picture',
      mimeType: 'image/jpeg',
      originalName: 'IMG_0001.jpg',
    });
    const full = await download(technician, picture.body.id);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 667, height: 2000, format: 'jpeg' });
    expect((await sharp(full.bytes).metadata()).orientation).toBeUndefined();
    const thumbnail = await download(reader, picture.body.id, 'thumbnail');
    expect(thumbnail.response.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ height: 400, format: 'webp' });
    expect((await download(stranger, picture.body.id)).status).toBe(404);
  });

  it("takes an iPhone's HEIC photo, which the prebuilt libvips cannot read, and keeps it as JPEG", async () => {
    // 96 × 64, left half red and right half teal over green: encoded by libheif's heif-enc (x265).
    const heic = await readFile(path.join(import.meta.dirname, '../../test/fixtures/iphone-photo.heic'));
    const picture = await upload(technician, heic, 'IMG_0002.HEIC');
    expect(picture.status).toBe(201);
    expect(picture.body).toMatchObject({ mimeType: 'image/jpeg', originalName: 'IMG_0002.jpg' });
    const full = await download(technician, picture.body.id);
    expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 96, height: 64, format: 'jpeg' });
    const { data } = await sharp(full.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 96 + x) * 3, (y * 96 + x) * 3 + 3)];
    // The colours survive the decoding (lossy twice, so within a margin): red top left, teal bottom right.
    const [red = 0, green = 0] = pixel(10, 10);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(90);
    const [, greenBottom = 0] = pixel(85, 55);
    expect(greenBottom).toBeGreaterThan(160);
    const thumbnail = await download(technician, picture.body.id, 'thumbnail');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 96, format: 'webp' });
    // A file that claims HEIC by its header but holds no picture is refused, and nothing is stored.
    const broken = Buffer.concat([heic.subarray(0, 40), Buffer.alloc(200)]);
    expect((await upload(technician, broken, 'broken.heic')).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses SVG and what is no picture, and readers uploading', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(technician, svg, 'x.svg')).status).toBe(415);
    expect((await upload(technician, Buffer.from('%PDF-1.4 not a picture'), 'x.pdf')).status).toBe(415);
    expect((await upload(reader, await sidewaysPhoto())).status).toBe(403);
  });
});

describe('the deviation an answer raised', () => {
  type History = { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];
  const deviationOf = async (id: string) =>
    (await restClient(server, admin).get<DeviationDto>(`/quality/deviations/${id}`)).body;
  const historyOf = async (id: string) =>
    (await restClient(server, admin).get<History>(`/quality/deviations/${id}/history`)).body;

  /** A checklist whose row has two answers that each ask for a deviation, and one that does not. */
  const itemWithTwoFaults = async () => {
    const { template, groupId } = await buildTemplate(admin);
    const create = (input: AdminServiceCreateInput) => admin.client.request('admin-service:create', input);
    const full = await create({ entity: 'row', groupId, name: 'Nødåpning', type: 'singleAnswer' } as never);
    const rowId = groupOf(full, groupId).rows.find((row) => row.name === 'Nødåpning')?.id as string;
    await create({ entity: 'answer', rowId, name: 'OK', color: '#2f9e44' });
    await create({
      entity: 'answer',
      rowId,
      name: 'Åpner sakte',
      color: '#f08c00',
      isDeviationRequired: true,
    });
    await create({
      entity: 'answer',
      rowId,
      name: 'Åpner ikke',
      color: '#e03131',
      isDeviationRequired: true,
    });
    const item = await addItem('Nødutgang', admin, project.id, template.id);
    const row = rowNamed(await dataOf(item.id), 'Nødåpning');
    return { item, row };
  };

  it('follows an edited comment and picture', async () => {
    const { item, row } = await itemWithTwoFaults();
    const first = await upload(technician, await sidewaysPhoto());
    const made = (
      await answer({
        serviceItemId: item.id,
        projectRowId: row.id,
        projectServiceAnswerId: answerNamed(row, 'Åpner sakte'),
        comment: 'Bruker 6 sekunder',
        pictureId: first.body.id,
      })
    ).body.created[0] as UserAnswerDto;
    const second = await upload(technician, await sidewaysPhoto());
    const edited = await restClient(server, technician).patch<UserAnswerChangeResultDto>(
      `/service-project/user-service-answer/${made.id}`,
      { version: made.version, changes: { comment: 'Bruker 9 sekunder', pictureId: second.body.id } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.answer.deviationId).toBe(made.deviationId);
    const deviation = await deviationOf(made.deviationId as string);
    expect(deviation).toMatchObject({ description: 'Bruker 9 sekunder', pictureIds: [second.body.id] });
    const [latest] = (await historyOf(deviation.id)).filter((entry) => entry.action === 'answerChanged');
    expect(latest?.changes.description).toEqual({ from: 'Bruker 6 sekunder', to: 'Bruker 9 sekunder' });
  });

  it('is the same deviation when another fault is chosen, and stays (noted) when the fault is gone', async () => {
    const { item, row } = await itemWithTwoFaults();
    const slow = (
      await answer({
        serviceItemId: item.id,
        projectRowId: row.id,
        projectServiceAnswerId: answerNamed(row, 'Åpner sakte'),
        comment: 'Treg',
      })
    ).body.created[0] as UserAnswerDto;
    const stuck = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: answerNamed(row, 'Åpner ikke'),
      comment: 'Står fast',
      replaces: { id: slow.id, version: slow.version },
    });
    const replaced = stuck.body.created[0] as UserAnswerDto;
    expect(replaced.deviationId).toBe(slow.deviationId);
    const deviation = await deviationOf(slow.deviationId as string);
    expect(deviation.title).toContain('Åpner ikke');
    expect(deviation.description).toBe('Står fast');

    const fixed = await answer({
      serviceItemId: item.id,
      projectRowId: row.id,
      projectServiceAnswerId: answerNamed(row, 'OK'),
      replaces: { id: replaced.id, version: replaced.version },
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body.created[0]?.deviationId).toBeNull();
    const kept = await deviationOf(slow.deviationId as string);
    expect(kept).toMatchObject({ status: 'open', description: 'Står fast' });
    const noted = (await historyOf(kept.id)).find((entry) => entry.action === 'answerNoLongerRequires');
    expect(noted?.changes.answer).toEqual({ from: 'Åpner ikke', to: 'OK' });
  });
});
