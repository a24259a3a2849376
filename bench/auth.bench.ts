import { roleGrantsOf } from '@karm/domain/contract';
import { findLiveSession, resolveActor } from '@karm/server/modules/auth/sessions.service';
import { startBenchServer } from './bench-server';
import { measure, printFigures, printMemory, printRatio } from './measure';

const CALLS = 2_000;

/**
 * The session and permission check every protected event pays: `user:check-logged-in` through the
 * socket, against the same lookup called directly on the database (the baseline, whose ratio is the
 * price of transport, validation and serialisation); and the permission check on its own — the
 * session lookup before it (what every request paid before roles and permissions) and after it, for
 * a company on the standard permissions and one with changes of its own.
 */
export const run = async () => {
  const server = await startBenchServer();
  try {
    const user = await server.signedInUser();
    const admin = await server.signedInUser({ companyId: user.companyId, role: 'admin' });
    const socket = await server.connect();
    const overSocket = await measure(CALLS, () => socket.request('user:check-logged-in', user.token));
    const direct = await measure(CALLS, () => resolveActor(server.ctx, user.token));
    const sessionOnly = await measure(CALLS, () => findLiveSession(server.ctx, user.token));
    const protectedEvent = await measure(CALLS, () => user.client.request('company:get-info'));

    // The company departs from the standard: its row of overrides is what each request reads.
    const current = await admin.client.request('permissions:get');
    const grants = roleGrantsOf();
    await admin.client.request('permissions:update', {
      version: current.version,
      grants: { ...grants, office: grants.office.filter((name) => name !== 'invoices.read') },
    });
    const withOverrides = await measure(CALLS, () => resolveActor(server.ctx, user.token));
    const protectedWithOverrides = await measure(CALLS, () => user.client.request('company:get-info'));

    console.log(`database: ${server.ctx.database.kind}`);
    printFigures('user:check-logged-in via socket', overSocket);
    printFigures('session + permissions, direct (baseline)', direct);
    printFigures('session only, direct (before permissions)', sessionOnly);
    printFigures('session + permissions, company with its own permissions', withOverrides);
    printFigures('company:get-info via socket (auth + query)', protectedEvent);
    printFigures('company:get-info via socket, company with its own permissions', protectedWithOverrides);
    printRatio('check-logged-in / baseline', overSocket, direct);
    printRatio('session + permissions / session only (the permission check)', direct, sessionOnly);
    printRatio('with own permissions / session only', withOverrides, sessionOnly);
    printMemory();
  } finally {
    await server.close();
  }
};
