import { buildApp } from '@karm/server/app';
import { loadConfig } from '@karm/server/config';
import { resolveActor } from '@karm/server/modules/auth/sessions.service';
import type { Actor, AppContext } from '@karm/server/platform/context';
import { createContext } from '@karm/server/platform/create-context';
import { connectTestClient, type TestClient } from '@karm/server/test/test-client';

export type SeededServer = {
  ctx: AppContext;
  client: TestClient;
  actor: Actor;
  url: string;
  /** The admin's session token, for REST calls (`token` header). */
  accessToken: string;
};

/**
 * Runs `work` against a real server on the seeded database (same DATA_DIR or DATABASE_URL as
 * `npm run seed -- --projects 100000`), with a socket client signed in as the demo admin and the
 * same admin as an actor for calling use cases and SQL directly. Closes everything afterwards.
 * `environment` adds or overrides configuration variables for the bench's server.
 */
export const withSeededServer = async (
  work: (server: SeededServer) => Promise<void>,
  environment: Record<string, string> = {},
) => {
  const config = loadConfig({
    // PostgreSQL without DEMO_SEED counts as production, which needs an address for mail links;
    // benchmarks send no mail.
    PUBLIC_URL: 'http://localhost:3000',
    ...process.env,
    ACCOUNTING_SYNC: 'false',
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...environment,
  });
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  try {
    const url = await app.listen(0);
    const client = await connectTestClient(url);
    const { accessToken } = await client.request('authenticate', {
      username: 'admin',
      password: config.demoAdminPassword,
    });
    const actor = await resolveActor(ctx, accessToken);
    if (!actor)
      throw new Error('The demo admin could not sign in: run `npm run seed -- --projects 100000` first');
    try {
      await work({ ctx, client, actor, url, accessToken });
    } finally {
      client.close();
    }
  } finally {
    await app.close();
    await ctx.database.close();
  }
};
