import { loadConfig } from '../config';
import { createContext } from '../platform/create-context';
import { seedDemo } from '../seed/demo';

/**
 * `npm run seed`: creates the demo installation in the configured database (DATABASE_URL or the
 * embedded one in DATA_DIR) if it is empty. Stop the server first when it runs on the embedded
 * database: only one process can open it.
 */
const run = async () => {
  const config = loadConfig();
  const ctx = await createContext(config);
  try {
    const created = await seedDemo(ctx);
    console.log(created ? 'Demo data created.' : 'The database already has data; nothing was changed.');
  } finally {
    await ctx.database.close();
  }
};

run().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
