import {
  EXPORT_LIST_NAMES,
  EXPORT_LISTS,
  type ExportList,
  exportPath,
  exportRequestSchema,
} from '@karm/domain/contract';
import { httpModule, route } from '../../platform/http/routes';
import { EXPORT_TABLE_ANSWER, exportList } from './exports.service';

/**
 * POST /api/exports/<list> for every list: the list's own read permission, checked before the
 * filters are validated; the answer is the file, streamed.
 */
const exportRoute = <L extends ExportList>(list: L) =>
  route({
    method: 'POST',
    url: exportPath(list),
    access: EXPORT_LISTS[list].access,
    schemas: { body: exportRequestSchema(list), response: EXPORT_TABLE_ANSWER },
    useCase: (ctx, actor, { body, reply }) => exportList(ctx, actor, list, body as never, reply),
  });

export const exportsRoutes = httpModule('exports', EXPORT_LIST_NAMES.map(exportRoute));
