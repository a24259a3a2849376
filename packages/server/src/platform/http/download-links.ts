import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DownloadKind, SignedLinkQuery } from '@karm/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { Actor, AppContext } from '../context';
import { AppError, forbidden } from '../errors';
import type { HttpDeps } from './types';

/**
 * Signed download links: what the browser opens by itself (a PDF in a frame, an image, a file in a
 * new tab) carries no session token, only an HMAC-SHA256 over what it is for — the kind, the
 * resource, the company, the user and the moment it ends. A link opens that one thing, for a few
 * minutes, and nothing else.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** The signing key is derived from the secrets key (HKDF), never the raw key the secret box uses. */
const SIGNING_KEY_LABEL = 'karm/download-links/v1';

type Signed = { kind: DownloadKind; resourceId: string; companyId: string; userId: string; exp: number };

const macOf = (ctx: AppContext, signed: Signed) =>
  createHmac('sha256', ctx.secrets.deriveKey(SIGNING_KEY_LABEL))
    .update(
      JSON.stringify([
        'download',
        signed.kind,
        signed.resourceId,
        signed.companyId,
        signed.userId,
        signed.exp,
      ]),
    )
    .digest();

const nowInSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);

/** The query parameters that let `actor` open one resource of one kind for the next few minutes. */
export const signDownload = (ctx: AppContext, actor: Actor, kind: DownloadKind, resourceId: string) => {
  const exp = nowInSeconds(ctx) + DOWNLOAD_LINK_SECONDS;
  const signed = { kind, resourceId, companyId: actor.companyId, userId: actor.userId, exp };
  return {
    query: {
      companyId: actor.companyId,
      userId: actor.userId,
      exp: String(exp),
      sig: macOf(ctx, signed).toString('base64url'),
    },
    expiresAt: new Date(exp * 1000).toISOString(),
  };
};

/**
 * Who a signed link was made for, if it is whole, unexpired and made for exactly this kind and
 * resource. The signature is compared in constant time. The actor it answers has no session and
 * the least role: downloads only read within the company, like every use case.
 */
export const verifyDownload = async (
  ctx: AppContext,
  kind: DownloadKind,
  resourceId: string,
  link: SignedLinkQuery,
): Promise<Actor> => {
  const { companyId, userId, exp, sig } = link;
  if (!companyId || !userId || exp === undefined || !sig) {
    throw new AppError('NOT_AUTHORIZED', 'The download link is incomplete');
  }
  if (exp <= nowInSeconds(ctx)) throw new AppError('NOT_AUTHORIZED', 'The download link has expired');
  const expected = macOf(ctx, { kind, resourceId, companyId, userId, exp });
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden('The download link is not valid for this');
  }
  return { sessionId: '', userId, companyId, role: 'user' };
};

/**
 * preHandler of a download route: a signed link for this kind and resource, or else the session in
 * the `token` header as on every route — never a token in the query.
 */
export const downloadAccess =
  (deps: HttpDeps, kind: DownloadKind, resourceIdOf: (request: FastifyRequest) => string) =>
  async (request: FastifyRequest) => {
    const link = request.query as SignedLinkQuery;
    if (link.sig !== undefined) {
      request.actor = await verifyDownload(deps.ctx, kind, resourceIdOf(request), link);
      return;
    }
    // Without a signature the access hook has required a member's session already.
    if (!request.actor) throw new AppError('NOT_AUTHORIZED', 'Not authorized');
  };
