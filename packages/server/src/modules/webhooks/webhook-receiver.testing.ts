import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on loopback for tests and the bench: records every request and answers with
 * what `respond` says (200 "ok" unless told otherwise; `hang` never answers, for time-outs).
 */
export const startReceiver = async () => {
  const received: ReceivedRequest[] = [];
  let respond: (request: ReceivedRequest, response: ServerResponse) => void = (_request, response) =>
    response.end('ok');
  const hanging = new Set<ServerResponse>();
  let onRequest: ((request: ReceivedRequest) => void) | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      onRequest?.(entry);
      respond(entry, response);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answerWith: (status: number, body = '') => {
      respond = (_request, response) => {
        response.statusCode = status;
        response.end(body);
      };
    },
    hang: () => {
      respond = (_request, response) => {
        hanging.add(response);
      };
    },
    respondWith: (handler: typeof respond) => {
      respond = handler;
    },
    onRequest: (listener: (request: ReceivedRequest) => void) => {
      onRequest = listener;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type VerifySignature = (secret: string, header: string, body: string, toleranceSeconds?: number) => boolean;

/**
 * The verification snippet exactly as the README documents it, loaded as a module: a test that
 * uses it proves the documented code accepts Karm's signatures.
 */
export const loadReadmeVerifier = async (): Promise<VerifySignature> => {
  const readme = await readFile(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
  const match = /<!-- webhook-verify-snippet -->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README has no webhook verification snippet');
  const file = path.join(tmpdir(), `karm-verify-${process.pid}-${Date.now()}.mjs`);
  await writeFile(file, match[1]);
  const module = (await import(pathToFileURL(file).href)) as { verifyKarmSignature: VerifySignature };
  return module.verifyKarmSignature;
};
