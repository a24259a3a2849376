import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, startTestServer, type TestServer } from '../../test/test-server';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

/** A JSON schema, a file's content type, or a 204: what issue 18 asks of every route's answer. */
const describesItsAnswer = ({ responses = {} }: Operation) =>
  Object.entries(responses).some(
    ([status, response]) =>
      status === '204' ||
      (/^2\d\d$/.test(status) &&
        Object.entries(response.content ?? {}).some(
          ([type, media]) => type !== 'application/json' || media.schema !== undefined,
        )),
  );

describe('the OpenAPI document', () => {
  it('describes the successful answer of every REST route, and the error payload for 4xx', async () => {
    const document = await bodyOf<Document>(await fetch(`${server.url}/api/docs/json`));
    const operations = operationsOf(document).filter(({ name }) => !name.includes('/api/docs'));
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations.filter(({ operation }) => !describesItsAnswer(operation)).map(({ name }) => name),
    ).toEqual([]);
    const health = document.paths['/api/health']?.get;
    expect(health?.responses?.['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { status: { enum: ['ok', 'degraded'] } },
    });
    expect(health?.responses?.['4XX']?.content?.['application/json']?.schema).toMatchObject({
      properties: { code: { enum: expect.arrayContaining(['VALIDATION']) } },
    });
  });
});
