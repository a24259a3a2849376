import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { osloDateOf } from '@karm/domain/rules';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fileAnswer, httpModule, route } from '../../platform/http/routes';
import { companies } from '../company/company.tables';
import { exportOfRun } from './export-commands';

/** `karm-export-<company>-<dd.MM.yyyy>.zip`, the company name made safe for a file name. */
const exportFileName = (companyName: string, exportedAt: Date) => {
  const [year, month, day] = osloDateOf(exportedAt).split('-');
  const name = companyName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'company';
  return `karm-export-${name}-${day}.${month}.${year}.zip`;
};

export const adminCommandsRoutes = httpModule('admin-commands', [
  route({
    method: 'GET',
    url: '/admin-commands/runs/:id/export',
    access: 'system.manage',
    // A signed link (POST /api/download-links, kind admin-export) or the token header.
    signedLink: { kind: 'admin-export', resourceId: (request) => (request.params as { id: string }).id },
    schemas: { params: z.object({ id: z.uuid() }), response: fileAnswer('application/zip') },
    useCase: async (ctx, actor, { params, reply }) => {
      const { run, path } = await exportOfRun(ctx, actor, params.id);
      const [company] = await ctx.db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, actor.companyId));
      const fileName = exportFileName(company?.name ?? '', run.finishedAt ?? run.createdAt);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', (await stat(path)).size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(path));
    },
  }),
]);
