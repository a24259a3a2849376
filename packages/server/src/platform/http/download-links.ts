import { createHmac, timingSafeEqual } from 'node:crypto';
import { type DownloadKind, signedLinkQuerySchema } from '@karm/domain/contract';
import type { Actor, AppContext } from '../context';
import { AppError, forbidden } from '../errors';

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

/** The live member behind a user id in a company (active, still a member), with their permissions now. */
export type ResolveMember = (userId: string, companyId: string) => Promise<Actor | null>;

/**
 * Who a signed link was made for, if it is whole, unexpired and made for exactly this kind and
 * resource, and its user is still an active member of the company — with the permissions they hold
 * now, which the route's rule is checked against as for any request. The signature is compared in
 * constant time.
 */
export const verifyDownload = async (
  ctx: AppContext,
  resolveMember: ResolveMember,
  kind: DownloadKind,
  resourceId: string,
  rawLink: unknown,
): Promise<Actor> => {
  // Checked before the route validates anything: the link's parts are read through the contract here.
  const parsed = signedLinkQuerySchema.safeParse(rawLink);
  const { companyId, userId, exp, sig } = parsed.success ? parsed.data : {};
  if (!companyId || !userId || exp === undefined || !sig) {
    throw new AppError('NOT_AUTHORIZED', 'The download link is incomplete');
  }
  if (exp <= nowInSeconds(ctx)) throw new AppError('NOT_AUTHORIZED', 'The download link has expired');
  // Compared as text in its one canonical spelling: base64url's last character has two spare bits,
  // so comparing decoded bytes would let four spellings of every signature through.
  const expected = Buffer.from(
    macOf(ctx, { kind, resourceId, companyId, userId, exp }).toString('base64url'),
  );
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden('The download link is not valid for this');
  }
  const member = await resolveMember(userId, companyId);
  if (!member)
    throw new AppError('NOT_AUTHORIZED', 'The download link belongs to a user who may no longer sign in');
  return member;
};
