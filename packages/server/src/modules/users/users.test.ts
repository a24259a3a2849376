import {
  type ErrorPayload,
  SERVER_PUSHES,
  USERS_PUSHES,
  type UserAdminDto,
  type UserCreateInput,
  type UserDto,
} from '@karm/domain/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/outbox.tables';
import { seedCompany, seedEmployee, seedUser } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { memberships, users } from '../auth/auth.tables';
import { employees } from '../employees/employees.tables';
import { assertKeepsAnAdministrator } from './user-rules';

let server: TestServer;
let companyId: string;
let admin: SignedInUser;
let otherCompanyId: string;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  companyId = (await seedCompany(server.ctx.db, { name: 'Dørfabrikken AS' })).id;
  admin = await server.signedInUser({ companyId, role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  otherCompanyId = (await seedCompany(server.ctx.db)).id;
  otherAdmin = await server.signedInUser({ companyId: otherCompanyId, role: 'admin' });
});
afterAll(async () => {
  await server?.close();
});

let sequence = 0;
const newUserInput = (overrides: Partial<UserCreateInput> = {}): UserCreateInput => {
  sequence += 1;
  return {
    username: `ny.bruker${sequence}`,
    firstName: 'Nora',
    lastName: `Nybakk ${sequence}`,
    email: `nora${sequence}@firma.test`,
    phone: '900 00 000',
    comments: '',
    dateOfBirth: '1990-04-01',
    dateOfEmployment: '2020-01-06',
    userType: 'employee',
    role: 'office',
    employeeId: null,
    isInvitation: false,
    password: 'et godt passord',
    locale: 'en',
    ...overrides,
  };
};

const signIn = async (username: string, password: string) => {
  const client = await server.connect();
  const login = await client.request('authenticate', { username, password });
  return { client, token: login.accessToken, user: login.user };
};

const signInError = async (username: string, password: string) =>
  (await server.connect()).requestError('authenticate', { username, password });

const rowOf = async (userId: string) => {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
  return row;
};

const mailsTo = (recipient: string) =>
  server.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(mailOutbox.createdAt);

const linkTokenIn = (text: string) => /reset=([\w-]+)/.exec(text)?.[1];

/** A VALIDATION answer that puts this message key next to this field of the form. */
const expectFieldError = (error: ErrorPayload, field: string, messageKey: string) =>
  expect(error).toMatchObject({ code: 'VALIDATION', details: { fields: { [field]: messageKey } } });

const userCount = async () => (await server.ctx.db.select({ total: count() }).from(users))[0]?.total;

describe('creating a user', () => {
  it('with a typed password: they can sign in at once, and open lists are told', async () => {
    const listening = await server.connect(admin.token);
    const told = listening.nextPush(USERS_PUSHES.usersChanged);
    const input = newUserInput({ role: 'leader' });
    const created = await admin.client.request('users:create', input);
    expect(created).toMatchObject({
      username: input.username,
      fullName: `Nora ${input.lastName}`,
      role: 'leader',
      isActive: true,
      isInvitationPending: false,
      isManageable: true,
      lastSignedInAt: null,
      phone: '900 00 000',
      comments: null,
      dateOfEmployment: '2020-01-06',
      locale: 'en',
    });
    await expect(told).resolves.toEqual({ id: created.id });

    const { user } = await signIn(input.username, 'et godt passord');
    expect(user.role).toBe('leader');
    expect(user.permissions).toContain('planner.write');
    const reread = await admin.client.request('users:get', { id: created.id });
    expect(reread.lastSignedInAt).not.toBeNull();
  });

  it('by invitation: no usable password until the mailed link is used; the link sets it and they sign in', async () => {
    const input = newUserInput({ isInvitation: true, password: '', locale: 'nb' });
    const created = await admin.client.request('users:create', input);
    expect(created.isInvitationPending).toBe(true);

    const [mail] = await mailsTo(input.email);
    expect(mail?.subject).toBe('Karm: du er invitert til Dørfabrikken AS');
    expect(mail?.text).toContain(`Brukernavnet ditt er ${input.username}`);
    expect(mail?.text).toContain('Anne Admin');
    expect(mail?.text).toMatch(/\/login\?reset=[\w-]+&welcome=1/);
    // Nothing the person could type opens the account before they choose a password.
    expect((await signInError(input.username, '')).code).toBe('VALIDATION');
    expect((await signInError(input.username, 'et godt passord')).code).toBe('INVALID_CREDENTIALS');

    const visitor = await server.connect();
    await visitor.request('user:reset-password', {
      token: linkTokenIn(mail?.text ?? '') ?? '',
      newPassword: 'mitt eget passord',
      confirmPassword: 'mitt eget passord',
    });
    const { user } = await signIn(input.email, 'mitt eget passord');
    expect(user.id).toBe(created.id);
    expect((await admin.client.request('users:get', { id: created.id })).isInvitationPending).toBe(false);
    // A used invitation is not sent again.
    expect(await admin.client.requestError('users:send-invitation', { id: created.id })).toMatchObject({
      code: 'VALIDATION',
      messageKey: 'validation.invitationNotPending',
    });
  });

  it('sends a waiting invitation again with a new link, in English when that is their language; the old link dies', async () => {
    const input = newUserInput({ isInvitation: true, password: '' });
    const created = await admin.client.request('users:create', input);
    const [firstMail] = await mailsTo(input.email);
    await admin.client.request('users:send-invitation', { id: created.id });
    const mails = await mailsTo(input.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Karm: you are invited to Dørfabrikken AS',
      'Karm: you are invited to Dørfabrikken AS',
    ]);
    const first = linkTokenIn(firstMail?.text ?? '');
    const second = mails.map((mail) => linkTokenIn(mail.text)).find((token) => token !== first);
    const visitor = await server.connect();
    const choose = (token: string) => ({
      token,
      newPassword: 'valgt passord',
      confirmPassword: 'valgt passord',
    });
    expect((await visitor.requestError('user:reset-password', choose(first ?? ''))).code).toBe('VALIDATION');
    await visitor.request('user:reset-password', choose(second ?? ''));
  });

  it('refuses bad input with the field and a message key, and creates nothing', async () => {
    const existing = await seedUser(server.ctx.db, { companyIds: [otherCompanyId] });
    const before = await userCount();
    const cases: [Partial<UserCreateInput>, Record<string, string>][] = [
      // Unique across every company, whatever the case: stronger than unique in the company.
      [{ username: existing.username.toUpperCase() }, { username: 'validation.usernameTaken' }],
      [{ email: existing.email?.toUpperCase() }, { email: 'validation.emailTaken' }],
      [{ username: 'nora@firma.test' }, { username: 'validation.usernameRules' }],
      [{ username: '' }, { username: 'validation.required' }],
      [{ firstName: 'x'.repeat(101) }, { firstName: 'validation.tooLong?max=100' }],
      [{ email: 'ikke en adresse' }, { email: 'validation.emailInvalid' }],
      [
        { dateOfBirth: '1990-04-01', dateOfEmployment: '1990-03-31' },
        { dateOfEmployment: 'validation.employmentBeforeBirth' },
      ],
      [{ dateOfBirth: '1990-02-30' }, { dateOfBirth: 'validation.dateNotValid' }],
      [{ isInvitation: true, email: '' }, { email: 'validation.emailNeededForInvitation' }],
      [{ password: 'kort' }, { password: 'validation.passwordTooShort' }],
      [{ role: 'owner' as never }, { role: expect.any(String) }],
      [{ comments: 'NUL \u0000 here' }, {}],
    ];
    for (const [overrides, fields] of cases) {
      const error = await admin.client.requestError('users:create', newUserInput(overrides));
      expect(error.code).toBe('VALIDATION');
      expect((error.details as { fields?: Record<string, string> }).fields ?? {}).toMatchObject(fields);
    }
    expect(await userCount()).toBe(before);
  });

  it("links the employee they are, only the company's own and only one not linked to someone else", async () => {
    const employee = await seedEmployee(server.ctx.db, companyId, { displayName: 'Nora Lager' });
    const foreign = await seedEmployee(server.ctx.db, otherCompanyId);
    const taken = await seedEmployee(server.ctx.db, companyId, { userId: admin.userId });
    for (const [employeeId, message] of [
      [foreign.id, 'validation.referenceUnknown'],
      [taken.id, 'validation.employeeTaken'],
    ] as const) {
      const error = await admin.client.requestError('users:create', newUserInput({ employeeId }));
      expectFieldError(error, 'employeeId', message);
    }
    const told = admin.client.nextPush('employees:changed');
    const created = await admin.client.request('users:create', newUserInput({ employeeId: employee.id }));
    expect(created.employee).toEqual({ id: employee.id, displayName: 'Nora Lager' });
    await told;
  });
});

describe('the list of users', () => {
  it("searches by name, username and e-mail, pages on the server, and shows only the company's users", async () => {
    const mark = `Søkbar${Date.now()}`;
    for (const index of [1, 2, 3]) {
      await admin.client.request('users:create', newUserInput({ lastName: `${mark} ${index}` }));
    }
    const byName = await admin.client.request('users:list', { search: mark.toLowerCase(), pageSize: 2 });
    expect(byName.total).toBe(3);
    expect(byName.items.map((user) => user.lastName)).toEqual([`${mark} 1`, `${mark} 2`]);
    const secondPage = await admin.client.request('users:list', { search: mark, pageSize: 2, page: 2 });
    expect(secondPage.items.map((user) => user.lastName)).toEqual([`${mark} 3`]);

    const byUsername = await admin.client.request('users:list', { search: byName.items[0]?.username });
    expect(byUsername.items.map((user) => user.id)).toEqual([byName.items[0]?.id]);
    const byEmail = await admin.client.request('users:list', { search: byName.items[1]?.email ?? '' });
    expect(byEmail.items.map((user) => user.id)).toEqual([byName.items[1]?.id]);

    const all = await admin.client.request('users:list', { pageSize: 200 });
    expect(all.items.map((user) => user.id)).not.toContain(otherAdmin.userId);
    // LIKE's wildcards are taken literally.
    expect((await admin.client.request('users:list', { search: '%' })).total).toBe(0);
  });

  it('filters by active and inactive', async () => {
    const created = await admin.client.request('users:create', newUserInput());
    await admin.client.request('users:deactivate', { id: created.id, version: created.version });
    const inactive = await admin.client.request('users:list', { status: 'inactive', pageSize: 200 });
    expect(inactive.items.map((user) => user.id)).toContain(created.id);
    expect(inactive.items.every((user) => !user.isActive)).toBe(true);
    const active = await admin.client.request('users:list', { status: 'active', pageSize: 200 });
    expect(active.items.map((user) => user.id)).not.toContain(created.id);
  });

  it('is for those who may manage users: a refusal names the action', async () => {
    const office = await server.signedInUser({ companyId, role: 'office' });
    expect(await office.client.requestError('users:list', {})).toMatchObject({
      code: 'FORBIDDEN',
      details: { action: 'users:list', permissions: ['users.manage'] },
    });
    const before = await userCount();
    expect((await office.client.requestError('users:create', newUserInput())).code).toBe('FORBIDDEN');
    expect(await userCount()).toBe(before);
  });
});

describe("another company's users", () => {
  it('are not found, and nothing of theirs changes', async () => {
    const theirs = await otherAdmin.client.request('users:create', newUserInput());
    const target = { id: theirs.id, version: theirs.version };
    const refusals: [string, Promise<ErrorPayload>][] = [
      ['users:get', admin.client.requestError('users:get', { id: theirs.id })],
      ['users:update', admin.client.requestError('users:update', { ...target, firstName: 'Kapret' })],
      ['users:deactivate', admin.client.requestError('users:deactivate', target)],
      ['users:delete', admin.client.requestError('users:delete', target)],
      ['users:send-invitation', admin.client.requestError('users:send-invitation', { id: theirs.id })],
    ];
    for (const [event, refusal] of refusals)
      expect([event, (await refusal).code]).toEqual([event, 'NOT_FOUND']);
    expect(await rowOf(theirs.id)).toMatchObject({
      firstName: 'Nora',
      isActive: true,
      version: theirs.version,
    });
  });

  it('a person who also works for a company the admin does not administer is shown, but read-only', async () => {
    const shared = await seedUser(server.ctx.db, { companyIds: [companyId, otherCompanyId] });
    const listed = await admin.client.request('users:get', { id: shared.id });
    expect(listed.isManageable).toBe(false);
    const error = await admin.client.requestError('users:update', {
      id: shared.id,
      version: listed.version,
      firstName: 'Kapret',
    });
    expect(error.code).toBe('FORBIDDEN');
    expect((await rowOf(shared.id))?.firstName).toBe(shared.firstName);
  });
});

describe('changing a user', () => {
  it('saves only the fields sent, at the version seen; a stale version is a CONFLICT and changes nothing', async () => {
    const created = await admin.client.request('users:create', newUserInput());
    const saved = await admin.client.request('users:update', {
      id: created.id,
      version: created.version,
      phone: '',
      comments: 'Jobber deltid',
    });
    expect(saved).toMatchObject({ phone: null, comments: 'Jobber deltid', firstName: 'Nora' });
    expect(saved.version).toBe(created.version + 1);
    const stale = await admin.client.requestError('users:update', {
      id: created.id,
      version: created.version,
      firstName: 'Gammel',
    });
    expect(stale).toMatchObject({ code: 'CONFLICT', details: { currentVersion: saved.version } });
    expect((await rowOf(created.id))?.firstName).toBe('Nora');
  });

  it('checks a date sent alone against the stored one', async () => {
    const created = await admin.client.request('users:create', newUserInput({ dateOfBirth: '1995-01-01' }));
    const error = await admin.client.requestError('users:update', {
      id: created.id,
      version: created.version,
      dateOfEmployment: '1994-12-31',
    });
    expectFieldError(error, 'dateOfEmployment', 'validation.employmentBeforeBirth');
  });

  it("refuses another account's username or e-mail", async () => {
    const created = await admin.client.request('users:create', newUserInput());
    const error = await admin.client.requestError('users:update', {
      id: created.id,
      version: created.version,
      username: admin.username,
    });
    expectFieldError(error, 'username', 'validation.usernameTaken');
    // Their own, in other letters, is theirs.
    await admin.client.request('users:update', {
      id: created.id,
      version: created.version,
      username: created.username.toUpperCase(),
    });
  });

  it('a new role applies at their next request and shrinks their open tabs at once', async () => {
    const input = newUserInput({ role: 'office' });
    const created = await admin.client.request('users:create', input);
    const tab = await signIn(input.username, 'et godt passord');
    await expect(tab.client.request('inquiries:get', {})).resolves.toBeDefined();

    const pushed = tab.client.nextPush(USERS_PUSHES.roleChanged) as Promise<UserDto>;
    await admin.client.request('users:update', {
      id: created.id,
      version: created.version,
      role: 'technician',
    });
    const user = await pushed;
    expect(user.role).toBe('technician');
    expect(user.permissions).not.toContain('inquiries.read');
    expect(user.permissions).toContain('tasks.own');
    expect(await tab.client.requestError('inquiries:get', {})).toMatchObject({
      code: 'FORBIDDEN',
      details: { action: 'inquiries:get' },
    });
  });

  it('a password set by an administrator ends their sessions and a waiting invitation', async () => {
    const input = newUserInput({ isInvitation: true, password: '' });
    const created = await admin.client.request('users:create', input);
    const saved = await admin.client.request('users:update', {
      id: created.id,
      version: created.version,
      password: 'satt av admin',
    });
    expect(saved.isInvitationPending).toBe(false);
    const tab = await signIn(input.username, 'satt av admin');
    const signedOut = tab.client.nextPush(SERVER_PUSHES.notAuthorized);
    await admin.client.request('users:update', {
      id: created.id,
      version: saved.version,
      password: 'ny fra admin',
    });
    await signedOut;
    expect((await tab.client.requestError('inquiries:get', {})).code).toBe('NOT_AUTHORIZED');
  });

  it('moves the employee link, and lets the old employee go', async () => {
    const first = await seedEmployee(server.ctx.db, companyId);
    const second = await seedEmployee(server.ctx.db, companyId);
    const created = await admin.client.request('users:create', newUserInput({ employeeId: first.id }));
    const saved = await admin.client.request('users:update', {
      id: created.id,
      version: created.version,
      employeeId: second.id,
    });
    expect(saved.employee?.id).toBe(second.id);
    const linked = await server.ctx.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, created.id));
    expect(linked.map((row) => row.id)).toEqual([second.id]);
  });
});

describe('the last administrator', () => {
  it('cannot hand the role away, but an administrator with a colleague can, and is told at once', async () => {
    const lonelyCompany = (await seedCompany(server.ctx.db)).id;
    const lonely = await server.signedInUser({ companyId: lonelyCompany, role: 'admin' });
    const me = await lonely.client.request('users:get', { id: lonely.userId });
    const error = await lonely.client.requestError('users:update', {
      id: me.id,
      version: me.version,
      role: 'office',
    });
    expectFieldError(error, 'role', 'validation.lastAdministrator');
    expect((await lonely.client.request('users:get', { id: me.id })).role).toBe('admin');

    const colleague = await server.signedInUser({ companyId: lonelyCompany, role: 'admin' });
    const pushed = lonely.client.nextPush(USERS_PUSHES.roleChanged) as Promise<UserDto>;
    await lonely.client.request('users:update', { id: me.id, version: me.version, role: 'office' });
    expect((await pushed).permissions).not.toContain('users.manage');
    expect((await lonely.client.requestError('users:list', {})).code).toBe('FORBIDDEN');
    expect((await colleague.client.request('users:get', { id: me.id })).role).toBe('office');
  });

  it('is never deactivated or deleted, even by a change that raced another', async () => {
    const company = (await seedCompany(server.ctx.db)).id;
    const only = await seedUser(server.ctx.db, { companyIds: [company], role: 'admin' });
    await server.ctx.db.transaction(async (tx) => {
      await expect(assertKeepsAnAdministrator(tx, [company], only.id)).rejects.toMatchObject({
        code: 'VALIDATION',
        messageKey: 'validation.lastAdministrator',
      });
    });
    const second = await seedUser(server.ctx.db, { companyIds: [company], role: 'admin' });
    await server.ctx.db.transaction((tx) => assertKeepsAnAdministrator(tx, [company], only.id));
    // A deactivated administrator does not count.
    await server.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, second.id));
    await server.ctx.db.transaction(async (tx) => {
      await expect(assertKeepsAnAdministrator(tx, [company], only.id)).rejects.toMatchObject({
        code: 'VALIDATION',
      });
    });
  });
});

describe('deactivating a user', () => {
  it('ends their sessions at once and tells their tabs; reactivated, they sign in again', async () => {
    const input = newUserInput();
    const created = await admin.client.request('users:create', input);
    const tab = await signIn(input.username, 'et godt passord');
    const signedOut = tab.client.nextPush(SERVER_PUSHES.notAuthorized);
    const deactivated = await admin.client.request('users:deactivate', {
      id: created.id,
      version: created.version,
    });
    expect(deactivated.isActive).toBe(false);
    await signedOut;
    expect((await tab.client.requestError('inquiries:get', {})).code).toBe('NOT_AUTHORIZED');
    expect((await signInError(input.username, 'et godt passord')).code).toBe('INVALID_CREDENTIALS');
    // A second click, at the version it saw, changes nothing.
    expect(
      (await admin.client.requestError('users:deactivate', { id: created.id, version: created.version }))
        .code,
    ).toBe('CONFLICT');

    const reactivated = await admin.client.request('users:reactivate', {
      id: created.id,
      version: deactivated.version,
    });
    expect(reactivated.isActive).toBe(true);
    await signIn(input.username, 'et godt passord');
  });

  it('never oneself', async () => {
    const me = await admin.client.request('users:get', { id: admin.userId });
    expect(
      await admin.client.requestError('users:deactivate', { id: me.id, version: me.version }),
    ).toMatchObject({
      code: 'VALIDATION',
      messageKey: 'validation.cannotDeactivateSelf',
    });
    expect((await rowOf(admin.userId))?.isActive).toBe(true);
  });
});

describe('deleting a user', () => {
  it('never oneself (SPEC §5)', async () => {
    const me = await admin.client.request('users:get', { id: admin.userId });
    expect(await admin.client.requestError('users:delete', { id: me.id, version: me.version })).toMatchObject(
      {
        code: 'VALIDATION',
        message: 'A user cannot delete themselves',
        messageKey: 'validation.cannotDeleteSelf',
      },
    );
    expect(await rowOf(admin.userId)).toMatchObject({ isActive: true, deletedAt: null });
  });

  it('keeps their name in history, frees their login, ends their sessions and lets their employee go', async () => {
    const employee = await seedEmployee(server.ctx.db, companyId);
    const input = newUserInput({ firstName: 'Dag', lastName: 'Sletteby', employeeId: employee.id });
    const created = await admin.client.request('users:create', input);
    const tab = await signIn(input.username, 'et godt passord');
    const inquiry = await tab.client.request('inquiry:create', {
      receivedDate: '2026-03-01',
      projectName: 'Historikk',
    } as never);
    await tab.client.request('inquiry:archive', { id: inquiry.id, reason: 'Test' });
    const offer = await fetch(`${server.url}/api/offers`, {
      method: 'POST',
      headers: { token: tab.token, 'content-type': 'application/json' },
      body: JSON.stringify({ projectName: 'Historikk' }),
    }).then((response) => response.json() as Promise<{ id: string }>);

    const signedOut = tab.client.nextPush(SERVER_PUSHES.notAuthorized);
    const current = await admin.client.request('users:get', { id: created.id });
    expect(await admin.client.request('users:delete', { id: created.id, version: current.version })).toEqual({
      id: created.id,
    });
    await signedOut;

    expect((await admin.client.requestError('users:get', { id: created.id })).code).toBe('NOT_FOUND');
    expect((await signInError(input.username, 'et godt passord')).code).toBe('INVALID_CREDENTIALS');
    const archived = await admin.client.request('inquiry:get', { id: inquiry.id });
    expect(archived.archivedBy).toEqual({ id: created.id, displayName: 'Dag Sletteby' });
    const offerDetail = await fetch(`${server.url}/api/offers/${offer.id}`, {
      headers: { token: admin.token },
    }).then(
      (response) => response.json() as Promise<{ history: { user: { displayName: string } | null }[] }>,
    );
    expect(offerDetail.history.at(-1)?.user?.displayName).toBe('Dag Sletteby');

    // Only the name is kept; the username and e-mail are free again.
    expect(await rowOf(created.id)).toMatchObject({
      firstName: 'Dag',
      lastName: 'Sletteby',
      email: null,
      phone: null,
      dateOfBirth: null,
      isActive: false,
    });
    await admin.client.request(
      'users:create',
      newUserInput({ username: input.username, email: input.email }),
    );
    const [link] = await server.ctx.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(link?.userId).toBeNull();
    const left = await server.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, created.id), eq(memberships.companyId, companyId)));
    expect(left).toEqual([]);
  });

  it('a second click finds nothing to delete', async () => {
    const created: UserAdminDto = await admin.client.request('users:create', newUserInput());
    await admin.client.request('users:delete', { id: created.id, version: created.version });
    expect(
      (await admin.client.requestError('users:delete', { id: created.id, version: created.version })).code,
    ).toBe('NOT_FOUND');
  });
});
