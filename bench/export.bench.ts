import { type ExportFormat, exportPath } from '@karm/domain/contract';
import { projectFiltersSchema } from '@karm/domain/rules';
import { projectsExport } from '@karm/server/modules/projects/projects.export';
import { mebibytes } from './measure';
import { type SeededServer, withSeededServer } from './seeded-server';

/**
 * `npm run seed -- --projects 100000` first (same DATA_DIR or DATABASE_URL), then this: every
 * project of the company exported over HTTP as XLSX and as CSV, the body read and thrown away as it
 * arrives, with the time and the server's peak RSS (sampled every 20 ms; the server runs in this
 * process, the client only counts bytes). The baseline is the same rows read through the same paged
 * list query directly, without writer or HTTP.
 */
const FILTERS = { who: 'alle', status: 'all', projectSortType: 'number' } as const;

/** The highest RSS while it runs, with the V8 heap and the buffers outside it at that moment. */
const sampleRss = () => {
  let peak = process.memoryUsage();
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  }, 20);
  return () => {
    clearInterval(timer);
    return peak;
  };
};

const settle = async () => {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
};

const exportOverHttp = async (server: SeededServer, format: ExportFormat) => {
  const response = await fetch(`${server.url}/api${exportPath('projects')}`, {
    method: 'POST',
    headers: { token: server.accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({ format, locale: 'nb', filters: FILTERS }),
  });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return bytes;
};

export const run = async () => {
  await withSeededServer(async (server) => {
    const { ctx, client, actor } = server;
    const total = (await client.request('projects:filter_new', { ...FILTERS, pageSize: 1 })).total;
    console.log(`database: ${ctx.database.kind}, projects exported: ${total}`);

    await settle();
    let started = performance.now();
    let rows = 0;
    for await (const batch of projectsExport.batches(ctx, actor, projectFiltersSchema.parse(FILTERS))) {
      rows += batch.length;
    }
    const baselineMs = performance.now() - started;
    console.log(
      `${'baseline: the rows through the list query directly'.padEnd(56)} ${rows} rows  ${(baselineMs / 1000).toFixed(2)} s`,
    );

    for (const format of (process.env.BENCH_EXPORT_FORMATS ?? 'xlsx,csv').split(',') as ExportFormat[]) {
      await settle();
      const before = process.memoryUsage().rss;
      const stop = sampleRss();
      started = performance.now();
      const bytes = await exportOverHttp(server, format);
      const ms = performance.now() - started;
      const { rss: peak, heapTotal, arrayBuffers } = stop();
      console.log(
        `${`export ${format.toUpperCase()} over HTTP`.padEnd(56)} ${mebibytes(bytes).padStart(9)}  ${(ms / 1000).toFixed(2)} s  ` +
          `(${(ms / baselineMs).toFixed(2)}× the baseline)  rss before=${mebibytes(before)} peak=${mebibytes(peak)} (+${mebibytes(peak - before)}; at the peak heap=${mebibytes(heapTotal)} buffers=${mebibytes(arrayBuffers)})`,
      );
    }
  });
};
