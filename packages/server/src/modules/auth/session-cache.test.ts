import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server';
import { rolePermissions } from '../users/users.tables';
import { memberships, sessions, users } from './auth.tables';
import { createSessionResolver } from './session-cache';
import { LAST_SEEN_RESOLUTION_MS } from './sessions.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the session lookups (`live_session`) the database answers from now on. */
const countSessionReads = () => {
  const runSql = server.ctx.database.runSql;
  let reads = 0;
  vi.spyOn(server.ctx.database, 'runSql').mockImplementation((text, values) => {
    if (text.includes('live_session')) reads += 1;
    return runSql(text, values);
  });
  return () => reads;
};

const employeesOverRest = (token: string) =>
  fetch(`${server.url}/api/employee/service`, { headers: { token } }).then((response) => response.status);

describe('the sessions the server remembers', () => {
  // PostgreSQL's notices arrive after the writer's answer: there every call reads the session.
  const remembers = () => server.ctx.database.kind === 'pglite';

  it('reads a session once for many events on PGlite (on PostgreSQL every time), and again after a minute', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    await admin.client.request('permissions:get');
    const reads = countSessionReads();
    for (let call = 0; call < 5; call++) await admin.client.request('permissions:get');
    expect(await employeesOverRest(admin.token)).toBe(200);
    expect(reads()).toBe(remembers() ? 0 : 6);

    server.clock.advance(LAST_SEEN_RESOLUTION_MS + 1_000);
    await admin.client.request('permissions:get');
    await admin.client.request('permissions:get');
    expect(reads()).toBe(remembers() ? 1 : 8);
    // Read again, the session's last use moved forward as it did without the memory.
    const [session] = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, admin.userId));
    expect(session?.lastSeenAt.getTime()).toBe(server.clock.now().getTime());
  });

  it('refuses a revoked session at the very next event and request, even when revoked by hand in SQL', async () => {
    const user = await server.signedInUser({ role: 'admin' });
    await user.client.request('permissions:get');
    expect(await employeesOverRest(user.token)).toBe(200);
    await server.ctx.db
      .update(sessions)
      .set({ revokedAt: server.clock.now() })
      .where(eq(sessions.userId, user.userId));
    expect((await user.client.requestError('permissions:get')).code).toBe('NOT_AUTHORIZED');
    expect(await employeesOverRest(user.token)).toBe(401);
  });

  it('applies a new role, a deactivation and a removal from the company at once', async () => {
    const demoted = await server.signedInUser({ role: 'admin' });
    await demoted.client.request('permissions:get');
    await server.ctx.db
      .update(memberships)
      .set({ role: 'technician' })
      .where(eq(memberships.userId, demoted.userId));
    expect((await demoted.client.requestError('permissions:get')).code).toBe('FORBIDDEN');

    const deactivated = await server.signedInUser({ role: 'admin' });
    await deactivated.client.request('permissions:get');
    await server.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.userId));
    expect((await deactivated.client.requestError('permissions:get')).code).toBe('NOT_AUTHORIZED');

    const removed = await server.signedInUser({ role: 'admin' });
    await removed.client.request('permissions:get');
    await server.ctx.db.delete(memberships).where(eq(memberships.userId, removed.userId));
    expect((await removed.client.requestError('permissions:get')).code).toBe('NOT_AUTHORIZED');
  });

  it("applies a company's changed role permissions at once", async () => {
    const office = await server.signedInUser({ role: 'office' });
    expect(await employeesOverRest(office.token)).toBe(200);
    const reads = countSessionReads();
    expect(await employeesOverRest(office.token)).toBe(200);
    expect(reads()).toBe(remembers() ? 0 : 1);
    // What an administrator's save of the permission table writes.
    await server.ctx.db.insert(rolePermissions).values({ companyId: office.companyId, overrides: [] });
    expect(await employeesOverRest(office.token)).toBe(200);
    expect(reads()).toBe(remembers() ? 1 : 2);
  });

  it('keeps nothing that a change overtook while it was being read', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const other = await server.signedInUser({ role: 'admin' });
    const resolver = await createSessionResolver(server.ctx);
    try {
      const runSql = server.ctx.database.runSql;
      let overtake = true;
      let reads = 0;
      vi.spyOn(server.ctx.database, 'runSql').mockImplementation(async (text, values) => {
        if (!text.includes('live_session')) return runSql(text, values);
        reads += 1;
        const answer = await runSql(text, values);
        if (overtake) {
          overtake = false;
          // Someone else's sign-out commits while this reading is on its way back.
          await server.ctx.db.execute(
            sql`update ${sessions} set revoked_at = now() where ${sessions.userId} = ${other.userId}`,
          );
        }
        return answer;
      });
      expect(await resolver.resolve(admin.token)).not.toBeNull();
      expect(await resolver.resolve(admin.token)).not.toBeNull();
      // The first reading was not kept: the second read the database again.
      expect(reads).toBe(2);
    } finally {
      await resolver.close();
    }
  });

  it('remembers nothing while it cannot hear changes', async () => {
    const admin = await server.signedInUser({ role: 'admin' });
    const resolver = await createSessionResolver(server.ctx);
    await resolver.close();
    const reads = countSessionReads();
    await resolver.resolve(admin.token);
    await resolver.resolve(admin.token);
    expect(reads()).toBe(2);
  });
});
