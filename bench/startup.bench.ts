/**
 * `npm run bench -- startup`: how long `npm start` takes from the command to a healthy server on an
 * already seeded embedded database, and how much memory its processes hold once healthy.
 *
 * A first start seeds a fresh data folder (and builds whatever is out of date); it is not counted.
 * Then `STARTUP_RUNS` (default 3) warm starts are timed. Memory is read from /proc a second after
 * each start: RSS and PSS summed over the whole tree the command makes, and per process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchServer, mib, serverCommand, stopServer, treeMemory, waitHealthy } from './server-process';

export const run = async () => {
  const runs = Number(process.env.STARTUP_RUNS ?? 3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'karm-startup-'));
  console.log(`command: ${serverCommand()}  DATA_DIR=${dataDir}`);
  try {
    const first = await launchServer(dataDir);
    const firstMs = await waitHealthy(first, 300_000);
    await stopServer(first);
    console.log(`first start (seeds the database, builds if needed): ${(firstMs / 1000).toFixed(2)} s`);

    const times: number[] = [];
    for (let index = 0; index < runs; index++) {
      const server = await launchServer(dataDir);
      try {
        const ms = await waitHealthy(server, 120_000);
        times.push(ms);
        // Let the start-up work settle before reading memory.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const tree = await treeMemory(server);
        const rss = tree.reduce((sum, process) => sum + process.rssKib, 0);
        const pss = tree.reduce((sum, process) => sum + process.pssKib, 0);
        console.log(
          `warm start ${index + 1}: healthy after ${(ms / 1000).toFixed(2)} s; ` +
            `${tree.length} processes: RSS ${mib(rss)}, PSS ${mib(pss)}`,
        );
        for (const process of tree)
          console.log(`    RSS ${mib(process.rssKib).padStart(8)}  ${process.command.slice(0, 100)}`);
      } finally {
        await stopServer(server);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(`warm start to healthy: median ${(median / 1000).toFixed(2)} s of ${runs}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};
