import { type Agent, get } from 'node:http';
import { Worker } from 'node:worker_threads';

/**
 * A GET over the browser's own keep-alive connection, as a browser that has loaded the page already
 * has one: the figures are then the server's answer, not connection set-up in a crowd.
 */
export const getJson = (url: string, headers: Record<string, string>, agent: Agent) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        try {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          });
        } catch (error) {
          reject(error);
        }
      });
      response.on('error', reject);
    }).on('error', reject);
  });

/**
 * The same GET from a thread of its own, as a browser or an integration is a client on another core:
 * its HTTP parsing, JSON parsing and garbage collection are then not the server's. The figures taken
 * around `get` still include the hand-over to the thread and back (a message each way), so what the
 * server adds is, if anything, overstated.
 */
export const httpClientThread = () => {
  const worker = new Worker(
    `
    const { parentPort } = require('node:worker_threads');
    const { Agent, get } = require('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    parentPort.on('message', ({ id, url, headers }) => {
      get(url, { headers, agent }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            JSON.parse(Buffer.concat(chunks).toString('utf8'));
            parentPort.postMessage({ id, status: response.statusCode });
          } catch (error) {
            parentPort.postMessage({ id, error: String(error) });
          }
        });
      }).on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
    });
    `,
    { eval: true },
  );
  const waiting = new Map<number, (answer: { status?: number; error?: string }) => void>();
  worker.on('message', (answer: { id: number; status?: number; error?: string }) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  let next = 0;
  return {
    get: (url: string, headers: Record<string, string>) =>
      new Promise<{ status: number }>((resolve, reject) => {
        const id = next++;
        waiting.set(id, (answer) =>
          answer.error ? reject(new Error(answer.error)) : resolve({ status: answer.status ?? 0 }),
        );
        worker.postMessage({ id, url, headers });
      }),
    close: () => worker.terminate(),
  };
};
