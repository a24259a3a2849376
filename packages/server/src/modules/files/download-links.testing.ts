import type {
  DownloadLinkDto,
  DownloadLinkRequest,
  ErrorPayload,
  FileDto,
  FileType,
} from '@karm/domain/contract';
import { bodyOf, type SignedInUser, type TestServer } from '../../test/test-server';

/** Uploads a file as `user` through POST /api/file and returns it; throws unless it was stored. */
export const uploadTestFile = async (
  server: TestServer,
  user: SignedInUser,
  file: { type: FileType; bytes: Uint8Array; fileName: string },
) => {
  const form = new FormData();
  form.append('type', file.type);
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.fileName);
  const response = await fetch(`${server.url}/api/file`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`Upload refused (${response.status}): ${await response.text()}`);
  return bodyOf<FileDto>(response);
};

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
