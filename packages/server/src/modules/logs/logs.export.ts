import type { ServerLogDto } from '@karm/domain/contract';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listServerLogs } from './logs.service';

export const logsExport = exportSource({
  list: 'logs',
  columns: [
    { key: 'createdAt', type: 'datetime', value: (log: ServerLogDto) => log.createdAt },
    { key: 'level', type: 'text', value: (log) => log.level },
    { key: 'source', type: 'text', value: (log) => log.source },
    { key: 'action', type: 'text', value: (log) => log.action },
    { key: 'message', type: 'text', value: (log) => log.message },
    { key: 'userName', type: 'text', value: (log) => log.userName },
    { key: 'handledAt', type: 'datetime', value: (log) => log.handledAt },
    { key: 'handledComment', type: 'text', value: (log) => log.handledComment },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listServerLogs(ctx, actor, { ...filters, page, pageSize })),
});
