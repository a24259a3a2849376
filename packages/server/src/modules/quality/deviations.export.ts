import type { DeviationDto } from '@karm/domain/contract';
import { resources } from '@karm/domain/i18n';
import { exportSource, pagedBatches } from '../exports/export-source';
import { listDeviations } from './deviation-list';

/** The quality screen's words for a deviation's category, severity and status, in the export's language. */
const wordsOf = (locale: keyof typeof resources) => resources[locale].quality;

export const deviationsExport = exportSource({
  list: 'deviations',
  columns: [
    { key: 'number', type: 'number', value: (deviation: DeviationDto) => deviation.number },
    { key: 'date', type: 'date', value: (deviation) => deviation.date },
    { key: 'title', type: 'text', value: (deviation) => deviation.title },
    {
      key: 'category',
      type: 'text',
      value: (deviation, locale) => wordsOf(locale).categories[deviation.category],
    },
    {
      key: 'severity',
      type: 'text',
      value: (deviation, locale) => wordsOf(locale).severities[deviation.severity],
    },
    { key: 'status', type: 'text', value: (deviation, locale) => wordsOf(locale).statuses[deviation.status] },
    { key: 'projectNumber', type: 'number', value: (deviation) => deviation.projectNumber },
    { key: 'projectName', type: 'text', value: (deviation) => deviation.projectName },
    { key: 'product', type: 'text', value: (deviation) => deviation.product },
    { key: 'supplier', type: 'text', value: (deviation) => deviation.supplier },
    { key: 'reportedBy', type: 'text', value: (deviation) => deviation.reportedByName },
    { key: 'handler', type: 'text', value: (deviation) => deviation.handlerName },
    { key: 'rootCause', type: 'text', value: (deviation) => deviation.rootCause },
    { key: 'cost', type: 'money', value: (deviation) => deviation.costOre },
    { key: 'hasOverdueActions', type: 'text', value: (deviation) => deviation.hasOverdueActions },
    { key: 'closedAt', type: 'datetime', value: (deviation) => deviation.closedAt },
  ],
  batches: (ctx, actor, filters) =>
    pagedBatches((page, pageSize) => listDeviations(ctx, actor, { ...filters, page, pageSize })),
});
