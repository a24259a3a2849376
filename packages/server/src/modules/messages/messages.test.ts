import type {
  AdminMessageDto,
  MessageDeletedPush,
  MessageDto,
  MessagePageDto,
  MessageReadPush,
  Page,
} from '@karm/domain/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee } from '../../seed/factories';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { messageRecipients, messages } from './messages.tables';

/** Internal messages (SPEC §1, §4, §7 message:send and message:delete, §9; issue 17). */

let server: TestServer;
let admin: SignedInUser;
let kari: SignedInUser;
let ola: SignedInUser;
let tech: SignedInUser;
let reader: SignedInUser;
let stranger: SignedInUser;

/** Everything a client was pushed of an event, to compare once a later round trip has passed. */
const collect = (user: SignedInUser, event: string) => {
  const seen: unknown[] = [];
  user.client.socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
};
/** A request's answer arrives after every push emitted before it: the pushes so far have landed. */
const settle = (user: SignedInUser) => user.client.request('messages:get', {});

const storedCount = async () => {
  const [messageRows] = await server.ctx.db.select({ total: count() }).from(messages);
  const [recipientRows] = await server.ctx.db.select({ total: count() }).from(messageRecipients);
  return `${messageRows?.total} messages, ${recipientRows?.total} recipients`;
};

const inbox = (user: SignedInUser, folder: 'inbox' | 'unread' | 'sent' = 'inbox', page = 1, pageSize = 20) =>
  user.client.request('messages:get', { folder, page, pageSize }) as Promise<MessagePageDto>;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-11-27T08:00:00Z'));
  admin = await server.signedInUser({ role: 'admin', firstName: 'Anne', lastName: 'Admin' });
  const { companyId } = admin;
  kari = await server.signedInUser({ role: 'office', companyId, firstName: 'Kari', lastName: 'Kontor' });
  ola = await server.signedInUser({ role: 'leader', companyId, firstName: 'Ola', lastName: 'Leder' });
  tech = await server.signedInUser({ role: 'technician', companyId, firstName: 'Tor', lastName: 'Tekniker' });
  reader = await server.signedInUser({ role: 'readonly', companyId, firstName: 'Rita', lastName: 'Leser' });
  stranger = await server.signedInUser({ role: 'admin', firstName: 'Fremmed' });
  await seedEmployee(server.ctx.db, companyId, {
    firstName: 'Tor',
    userId: tech.userId,
    workGroup: 'service',
  });
  await seedEmployee(server.ctx.db, companyId, {
    firstName: 'Ola',
    userId: ola.userId,
    workGroup: 'service',
  });
  await seedEmployee(server.ctx.db, companyId, { firstName: 'Uten', workGroup: 'montasje' });
});
afterAll(async () => {
  await server?.close();
});

describe('sending', () => {
  it('pushes a new message to its recipient only, and stores it once', async () => {
    const arrived = ola.client.nextPush('message:new') as Promise<MessageDto>;
    const strangerSaw = collect(stranger, 'message:new');
    const readerSaw = collect(reader, 'message:new');
    server.clock.advance(1_000);
    const sent = await kari.client.request('message:send', {
      message: '  Husk befaring på Lørenskog i morgen kl. 08  ',
      to: { kind: 'users', userIds: [ola.userId] },
    });
    expect(sent).toMatchObject({
      message: 'Husk befaring på Lørenskog i morgen kl. 08',
      senderName: 'Kari Kontor',
      isMine: true,
      isRead: true,
      audience: 'users',
      recipientCount: 1,
      readCount: 0,
    });
    const pushed = await arrived;
    expect(pushed).toMatchObject({ id: sent.id, isRead: false, isMine: false, senderName: 'Kari Kontor' });
    await Promise.all([settle(stranger), settle(reader)]);
    expect(strangerSaw).toEqual([]);
    expect(readerSaw).toEqual([]);
    const olas = await inbox(ola);
    expect(olas.items.map((message) => message.id)).toContain(sent.id);
    expect(olas.unreadCount).toBeGreaterThanOrEqual(1);
    expect((await inbox(reader)).items.map((message) => message.id)).not.toContain(sent.id);
    expect((await inbox(kari, 'sent')).items[0]?.id).toBe(sent.id);
  });

  it('sends to a work group: its employees’ users, nobody else', async () => {
    const sent = await admin.client.request('message:send', {
      message: 'Servicebilen står på verkstedet i dag',
      to: { kind: 'workGroup', workGroup: 'service' },
    });
    expect(sent).toMatchObject({ audience: 'workGroup', workGroup: 'service', recipientCount: 2 });
    expect((await inbox(tech)).items.map((message) => message.id)).toContain(sent.id);
    expect((await inbox(ola)).items.map((message) => message.id)).toContain(sent.id);
    expect((await inbox(kari)).items.map((message) => message.id)).not.toContain(sent.id);
  });

  it('sends to everyone in the company, also those not signed in, and not to another company', async () => {
    const away = await server.signedInUser({
      role: 'office',
      companyId: admin.companyId,
      firstName: 'Borte',
    });
    away.client.close();
    const strangerSaw = collect(stranger, 'message:new');
    const sent = await admin.client.request('message:send', {
      message: 'Julebord fredag 11. desember 🎄',
      to: { kind: 'everyone' },
    });
    // Kari, Ola, Tor, Rita and Borte; not the sender.
    expect(sent.recipientCount).toBe(5);
    await settle(stranger);
    expect(strangerSaw).toEqual([]);
    const back = await server.connect(away.token);
    const page = (await back.request('messages:get', {})) as MessagePageDto;
    expect(page.items.map((message) => message.id)).toContain(sent.id);
    expect((await inbox(stranger)).items.map((message) => message.id)).not.toContain(sent.id);
  });

  it('refuses a recipient of another company with a coded error and stores nothing', async () => {
    const before = await storedCount();
    const error = await kari.client.requestError('message:send', {
      message: 'Hei',
      to: { kind: 'users', userIds: [ola.userId, stranger.userId] },
    });
    expect(error).toMatchObject({ code: 'VALIDATION', messageKey: 'validation.recipientUnknown' });
    expect(await storedCount()).toBe(before);
    expect((await inbox(ola)).items.map((message) => message.message)).not.toContain('Hei');
  });

  it('refuses bad input with coded errors and stores nothing', async () => {
    const before = await storedCount();
    const to = { kind: 'users' as const, userIds: [ola.userId] };
    const refusals = await Promise.all([
      kari.client.requestError('message:send', { message: '   ', to }),
      kari.client.requestError('message:send', { message: 'x'.repeat(100_000), to }),
      kari.client.requestError('message:send', { message: 'Hei\u0000du', to }),
      kari.client.requestError('message:send', { message: 'Hei', to: { kind: 'users', userIds: [] } }),
      kari.client.requestError('message:send', {
        message: 'Hei',
        to: { kind: 'workGroup', workGroup: 'nope' },
      }),
      kari.client.requestError('message:send', {
        message: 'Hei',
        to: { kind: 'workGroup', workGroup: 'montasje' },
      }),
      kari.client.requestError('message:send', { message: 42, to } as never),
      kari.client.requestError('message:send', {
        message: 'Hei',
        to: { kind: 'users', userIds: ['not-a-uuid'] },
      }),
    ]);
    expect(refusals.map((refusal) => refusal.code)).toEqual(Array(refusals.length).fill('VALIDATION'));
    expect(refusals[0]?.messageKey).toBe('validation.required');
    expect(refusals[1]?.messageKey).toBe('validation.tooLong?max=4000');
    expect(refusals[2]?.messageKey).toBe('validation.nulCharacter');
    expect(refusals[5]?.messageKey).toBe('validation.recipientsNone');
    expect(await storedCount()).toBe(before);
  });

  it('refuses whoever is not signed in, and the admin list to those without `messages.manage`', async () => {
    const outsider = await server.connect();
    expect(await outsider.requestError('message:send', { message: '' } as never)).toMatchObject({
      code: 'NOT_AUTHORIZED',
    });
    expect(await outsider.requestError('messages:get', {})).toMatchObject({ code: 'NOT_AUTHORIZED' });
    expect(await reader.client.requestError('messages:admin-get', {})).toMatchObject({ code: 'FORBIDDEN' });
    expect(await kari.client.requestError('messages:admin-get', {})).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('reading', () => {
  it('marks a message read and answers the next unread one (SPEC §4), newest unread first', async () => {
    const user = await server.signedInUser({ role: 'office', companyId: admin.companyId, firstName: 'Per' });
    const ids: string[] = [];
    for (const text of ['Første', 'Andre', 'Tredje']) {
      server.clock.advance(60_000);
      ids.push(
        (
          await kari.client.request('message:send', {
            message: text,
            to: { kind: 'users', userIds: [user.userId] },
          })
        ).id,
      );
    }
    const before = await inbox(user);
    expect(before.items.map((message) => message.message)).toEqual(['Tredje', 'Andre', 'Første']);
    expect(before.unreadCount).toBe(3);
    const otherTab = await server.connect(user.token);
    const readPush = otherTab.nextPush('messages:read-changed') as Promise<MessageReadPush>;
    const read = await user.client.request('message:read', { id: ids[2] as string });
    expect(read.message).toMatchObject({ id: ids[2], isRead: true, readAt: expect.any(String) });
    expect(read.nextUnreadId).toBe(ids[1]);
    expect(read.unreadCount).toBe(2);
    expect(await readPush).toEqual({ id: ids[2], unreadCount: 2 });
    // Read ones go below the unread ones; reading again keeps the first time.
    expect((await inbox(user)).items.map((message) => message.message)).toEqual([
      'Andre',
      'Første',
      'Tredje',
    ]);
    server.clock.advance(60_000);
    const again = await user.client.request('message:read', { id: ids[2] as string });
    expect(again.message.readAt).toBe(read.message.readAt);
    await user.client.request('message:read', { id: ids[1] as string });
    const last = await user.client.request('message:read', { id: ids[0] as string });
    expect(last.nextUnreadId).toBeNull();
    expect((await inbox(user, 'unread')).total).toBe(0);
    expect((await inbox(kari, 'sent')).items.find((message) => message.id === ids[0])?.readCount).toBe(1);
  });

  it('pages the list on the server', async () => {
    const user = await server.signedInUser({ role: 'office', companyId: admin.companyId, firstName: 'Side' });
    for (let index = 0; index < 5; index += 1) {
      server.clock.advance(1_000);
      await kari.client.request('message:send', {
        message: `Nr ${index}`,
        to: { kind: 'users', userIds: [user.userId] },
      });
    }
    const second = await inbox(user, 'inbox', 2, 2);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2, unreadCount: 5 });
    expect(second.items.map((message) => message.message)).toEqual(['Nr 2', 'Nr 1']);
  });

  it('does not read or mark another person’s or company’s message', async () => {
    const sent = await kari.client.request('message:send', {
      message: 'Bare til Ola',
      to: { kind: 'users', userIds: [ola.userId] },
    });
    expect(await reader.client.requestError('message:read', { id: sent.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await stranger.client.requestError('message:read', { id: sent.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await inbox(ola)).items.find((message) => message.id === sent.id)?.isRead).toBe(false);
  });
});

describe('deleting', () => {
  it('deletes for everyone: the sender’s delete reaches every open list at once', async () => {
    const sent = await kari.client.request('message:send', {
      message: 'Feil kunde, se bort fra denne',
      to: { kind: 'users', userIds: [ola.userId, tech.userId] },
    });
    const olaSaw = ola.client.nextPush('message:deleted') as Promise<MessageDeletedPush>;
    const adminSaw = admin.client.nextPush('message:deleted') as Promise<MessageDeletedPush>;
    const strangerSaw = collect(stranger, 'message:deleted');
    expect(await kari.client.request('message:delete', { id: sent.id, scope: 'everyone' })).toEqual({
      id: sent.id,
    });
    expect(await olaSaw).toEqual({ id: sent.id, scope: 'everyone' });
    expect(await adminSaw).toEqual({ id: sent.id, scope: 'everyone' });
    await settle(stranger);
    expect(strangerSaw).toEqual([]);
    for (const user of [ola, tech]) {
      expect((await inbox(user)).items.map((message) => message.id)).not.toContain(sent.id);
    }
    expect((await inbox(kari, 'sent')).items.map((message) => message.id)).not.toContain(sent.id);
    const adminList = (await admin.client.request('messages:admin-get', {})) as Page<AdminMessageDto>;
    expect(adminList.items.map((message) => message.id)).not.toContain(sent.id);
    // Twice: the second finds nothing.
    expect(
      await kari.client.requestError('message:delete', { id: sent.id, scope: 'everyone' }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets only the sender or an administrator delete for everyone; a recipient removes it from their own list', async () => {
    const sent = await kari.client.request('message:send', {
      message: 'Møte kl 14',
      to: { kind: 'users', userIds: [ola.userId, tech.userId] },
    });
    expect(await ola.client.requestError('message:delete', { id: sent.id, scope: 'everyone' })).toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    );
    expect(
      await stranger.client.requestError('message:delete', { id: sent.id, scope: 'everyone' }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    const removed = ola.client.nextPush('message:deleted') as Promise<MessageDeletedPush>;
    await ola.client.request('message:delete', { id: sent.id });
    expect(await removed).toEqual({ id: sent.id, scope: 'mine' });
    expect((await inbox(ola)).items.map((message) => message.id)).not.toContain(sent.id);
    expect((await inbox(tech)).items.map((message) => message.id)).toContain(sent.id);
    await admin.client.request('message:delete', { id: sent.id, scope: 'everyone' });
    expect((await inbox(tech)).items.map((message) => message.id)).not.toContain(sent.id);
  });
});

describe('the admin tab', () => {
  it('shows every message of the company with who has read it, paged, and nothing of another company', async () => {
    const sent = await kari.client.request('message:send', {
      message: 'Hvem leser dette?',
      to: { kind: 'users', userIds: [ola.userId, tech.userId] },
    });
    await tech.client.request('message:read', { id: sent.id });
    await stranger.client.request('message:send', {
      message: 'Hemmelig',
      to: { kind: 'users', userIds: [stranger.userId] },
    });
    const page = (await admin.client.request('messages:admin-get', {
      page: 1,
      pageSize: 50,
    })) as Page<AdminMessageDto>;
    const shown = page.items.find((message) => message.id === sent.id);
    expect(shown?.recipients).toEqual([
      { userId: tech.userId, name: 'Tor Tekniker', readAt: expect.any(String), isRemoved: false },
      { userId: ola.userId, name: 'Ola Leder', readAt: null, isRemoved: false },
    ]);
    expect(page.items.map((message) => message.message)).not.toContain('Hemmelig');
    const first = (await admin.client.request('messages:admin-get', {
      page: 1,
      pageSize: 1,
    })) as Page<AdminMessageDto>;
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(page.total);
  });

  it('offers the company’s users and work groups to the compose dialog', async () => {
    const options = await kari.client.request('message:recipients', {});
    expect(options.users.map((user) => user.id)).toEqual(expect.arrayContaining([ola.userId, tech.userId]));
    expect(options.users.map((user) => user.id)).not.toContain(stranger.userId);
    expect(options.workGroups.find((group) => group.key === 'service')?.memberCount).toBe(2);
    expect(options.workGroups.find((group) => group.key === 'montasje')?.memberCount).toBe(0);
  });
});

describe('a company that takes sending away from a role', () => {
  it('refuses that role’s sending before validating, and still lets it read its messages', async () => {
    const current = await admin.client.request('permissions:get');
    await admin.client.request('permissions:update', {
      version: current.version,
      grants: {
        ...current.grants,
        readonly: current.grants.readonly.filter((name) => name !== 'messages.send'),
      },
    });
    expect(await reader.client.requestError('message:send', { message: '' } as never)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await reader.client.requestError('message:recipients', {})).toMatchObject({ code: 'FORBIDDEN' });
    expect((await inbox(reader)).items.length).toBeGreaterThan(0);
  });
});
