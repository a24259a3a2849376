import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import { startTestServer } from '@karm/server/test/test-server';
import { measure, printFigures, printMemory, printRatio } from './measure';

const CALLS = 2_000;

/**
 * The session check every protected event pays: `user:check-logged-in` through the socket, against
 * the same session lookup called directly on the database (the baseline). The ratio is the price
 * of the transport, validation and serialisation.
 */
export const run = async () => {
  const server = await startTestServer();
  try {
    const user = await server.signedInUser();
    const socket = await server.connect();
    const overSocket = await measure(CALLS, () => socket.request('user:check-logged-in', user.token));
    const direct = await measure(CALLS, () => resolveActor(server.ctx, user.token));
    const protectedEvent = await measure(CALLS, () => user.client.request('company:get-info'));
    console.log(`database: ${server.ctx.database.kind}`);
    printFigures('user:check-logged-in via socket', overSocket);
    printFigures('session lookup, direct (baseline)', direct);
    printFigures('company:get-info via socket (auth + query)', protectedEvent);
    printRatio('check-logged-in / baseline', overSocket, direct);
    printMemory();
  } finally {
    await server.close();
  }
};
