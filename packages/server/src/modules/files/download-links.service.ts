import type { DownloadLinkDto, DownloadLinkRequest } from '@karm/domain/contract';
import { type Actor, type AppContext, can } from '../../platform/context';
import { refusedAction } from '../../platform/errors';
import { signDownload } from '../../platform/http/download-links';
import { exportOfRun } from '../admin-commands/export-commands';
import { findReadableConfirmation } from '../confirmations/confirmations.service';
import { findOwnOffer } from '../offers/offers.service';
import { findReadableProject } from '../projects/project-access';
import { readItem } from '../service-work/service-items.service';
import { findServiceReport } from '../service-work/service-reports.service';
import { assertFileReadable } from './files.service';

type LinkOf<Kind extends DownloadLinkRequest['kind']> = (
  ctx: AppContext,
  actor: Actor,
  request: Extract<DownloadLinkRequest, { kind: Kind }>,
) => Promise<{ path: string; query: Record<string, string | undefined> }>;

/**
 * Per kind: check that the actor may read the thing (another company's is "not found"), then the
 * route that serves it and its own query. The download route checks the signature and the company again.
 */
const LINKS: { [Kind in DownloadLinkRequest['kind']]: LinkOf<Kind> } = {
  file: async (ctx, actor, { id, type, entityId, variant }) => {
    await assertFileReadable(ctx, actor, { id, type, entityId });
    return { path: '/api/file', query: { type, id, entityId, variant } };
  },
  'offer-pdf': async (ctx, actor, { id, locale, download }) => {
    if (!can(actor, 'offers.read')) throw refusedAction('offer-pdf', 'offers.read');
    await findOwnOffer(ctx.db, actor.companyId, id);
    return { path: `/api/offers/${id}/pdf`, query: { locale, download: download ? '1' : undefined } };
  },
  'confirmation-pdf': async (ctx, actor, { id, locale, download }) => {
    await findReadableConfirmation(ctx, actor, id, 'confirmation-pdf');
    return { path: `/api/confirmations/${id}/pdf`, query: { locale, download: download ? '1' : undefined } };
  },
  'work-order-pdf': async (ctx, actor, { id, locale }) => {
    await findReadableProject(ctx.db, actor, id);
    return { path: `/api/project/${id}/work-order.pdf`, query: { locale } };
  },
  'admin-export': async (ctx, actor, { id }) => {
    if (!can(actor, 'system.manage')) throw refusedAction('admin-export', 'system.manage');
    await exportOfRun(ctx, actor, id);
    return { path: `/api/admin-commands/runs/${id}/export`, query: {} };
  },
  'service-report-pdf': async (ctx, actor, { id, download }) => {
    if (!can(actor, 'service.read')) throw refusedAction('service-report-pdf', 'service.read');
    await findServiceReport(ctx.db, actor.companyId, id);
    return {
      path: `/api/service-project/service-report/${id}/pdf`,
      query: { download: download ? '1' : undefined },
    };
  },
  'service-logbook-pdf': async (ctx, actor, { id, locale, download }) => {
    if (!can(actor, 'service.read')) throw refusedAction('service-logbook-pdf', 'service.read');
    await readItem(ctx.db, actor.companyId, id);
    return {
      path: `/api/service-project/service-item/${id}/logbook.pdf`,
      query: { locale, download: download ? '1' : undefined },
    };
  },
};

/**
 * A short-lived signed link to a file or PDF the actor may read: what POST /api/download-links
 * answers, and what other use cases (the company's default files) hand out.
 */
export const makeDownloadLink = async (
  ctx: AppContext,
  actor: Actor,
  request: DownloadLinkRequest,
): Promise<DownloadLinkDto> => {
  const linkOf = LINKS[request.kind] as LinkOf<typeof request.kind>;
  const { path, query } = await linkOf(ctx, actor, request);
  const signed = signDownload(ctx, actor, request.kind, request.id);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...signed.query })) {
    if (value !== undefined) search.set(name, value);
  }
  return { url: `${path}?${search}`, expiresAt: signed.expiresAt };
};
