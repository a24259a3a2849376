import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createContext } from './platform/create-context';
import { makeOwnerOnlyDir } from './platform/files/owner-only';
import { seedDemo } from './seed/demo';

/** config → database → migrations → demo seed → listen; closes everything cleanly on a signal. */
const start = async () => {
  const config = loadConfig();
  // Also on PostgreSQL with SECRETS_KEY, where DATA_DIR holds only uploads: close a folder an
  // older version created open to the group and others.
  await makeOwnerOnlyDir(config.dataDir);
  const ctx = await createContext(config);
  if (config.demoSeed) await seedDemo(ctx);
  const app = await buildApp(ctx);
  await app.listen(config.port, config.host);
  ctx.logger.info(
    { host: config.host, port: config.port, database: ctx.database.kind, redis: Boolean(config.redisUrl) },
    `Karm is running at http://localhost:${config.port}`,
  );
  if (config.demoSeed && config.host === '127.0.0.1') {
    ctx.logger.info('the demo answers on this machine only; set HOST=0.0.0.0 to open it to the network');
  }

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    ctx.logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await ctx.database.close();
      clearTimeout(forceExit);
      process.exit(0);
    } catch (error) {
      ctx.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};

start().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
