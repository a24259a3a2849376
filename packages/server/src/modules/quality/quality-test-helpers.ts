import type { FileDto } from '@karm/domain/contract';
import { expect } from 'vitest';
import { bodyOf, type SignedInUser, type TestServer } from '../../test/test-server';

/** A 1×1 PNG: a picture the files module accepts. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a picture (a deviation's, a checklist item's) as the user, through the files module. */
export const uploadPicture = async (server: TestServer, user: SignedInUser, name = 'skade.png') => {
  const form = new FormData();
  form.append('type', 'picture');
  form.append('file', new Blob([PNG]), name);
  const response = await fetch(`${server.url}/api/file?companyId=${user.companyId}`, {
    method: 'POST',
    headers: { token: user.token },
    body: form,
  });
  expect(response.status).toBe(201);
  return bodyOf<FileDto>(response);
};
