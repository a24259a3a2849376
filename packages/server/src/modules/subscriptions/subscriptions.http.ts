import { feedParamsSchema } from '@karm/domain/contract';
import { notFound } from '../../platform/errors';
import { fileAnswer, httpModule, publicRoute } from '../../platform/http/routes';
import { readFeed } from './calendar-feed';

/**
 * GET /api/feeds/{secret}.ics: a person's calendar feed. Calendar programs cannot sign in, so the
 * secret in the URL (256 random bits, stored hashed, revocable) is the only key — like a signed
 * download link, but lasting until the person makes a new one or revokes it.
 */
export const subscriptionRoutes = httpModule('subscriptions', [
  publicRoute({
    method: 'GET',
    url: '/feeds/:file',
    access: 'public',
    schemas: { params: feedParamsSchema, response: fileAnswer('text/calendar') },
    useCase: async (ctx, { params, reply }) => {
      const ics = await readFeed(ctx, params.file);
      if (ics === null) throw notFound('Calendar feed');
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="karm.ics"')
          // The feed is one person's: no shared cache keeps it, and its URL must not leak onwards.
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .send(ics)
      );
    },
  }),
]);
