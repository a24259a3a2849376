import { downloadLinkDtoSchema, downloadLinkRequestSchema, SIGNED_IN } from '@karm/domain/contract';
import { route } from '../../platform/http/routes';
import { makeDownloadLink } from './download-links.service';

/**
 * POST /api/download-links: a short-lived signed link to a file or PDF the signed-in user may read
 * (each kind checks that, and the route it leads to checks the permission again when opened).
 */
export const downloadLinkRoute = route({
  method: 'POST',
  url: '/download-links',
  access: SIGNED_IN,
  schemas: { body: downloadLinkRequestSchema, response: downloadLinkDtoSchema },
  useCase: (ctx, actor, { body }) => makeDownloadLink(ctx, actor, body),
});
