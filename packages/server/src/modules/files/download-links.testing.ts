import type { DownloadLinkDto, DownloadLinkRequest, ErrorPayload } from '@karm/domain/contract';
import type { SignedInUser, TestServer } from '../../test/test-server';

/** Asks POST /api/download-links as `user` (token in the header, as the web app does). */
export const requestDownloadLink = async (
  server: TestServer,
  user: SignedInUser,
  request: DownloadLinkRequest,
) => {
  const response = await fetch(`${server.url}/api/download-links`, {
    method: 'POST',
    headers: { token: user.token, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return { status: response.status, body: (await response.json()) as DownloadLinkDto & ErrorPayload };
};

/** The absolute URL of a signed link the user was given; throws when no link was given. */
export const signedUrlOf = async (server: TestServer, user: SignedInUser, request: DownloadLinkRequest) => {
  const { status, body } = await requestDownloadLink(server, user, request);
  if (status !== 200) throw new Error(`No download link (${status}): ${JSON.stringify(body)}`);
  return new URL(body.url, server.url);
};
