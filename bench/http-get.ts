import { Agent, get } from 'node:http';

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
 * `getJson` for a figure: any answer but 2xx ends the run, since a refused call (429 from the rate
 * limit, 401) answers fast and would pass for a fast route.
 */
export const getOkJson = async (url: string, headers: Record<string, string>, agent: Agent) => {
  const response = await getJson(url, headers, agent);
  if (response.status < 200 || response.status >= 300)
    throw new Error(`${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response;
};

/**
 * The connections of several browsers, each from its own loopback address (127.0.0.2, .3, …; Linux
 * answers the whole 127/8): the API's rate limit counts calls per address, so a bench whose paths
 * together pass 1 200 calls a minute gives each path a browser of its own (`next`), as that many
 * people would be, rather than fewer calls — p95 of 100 calls is the fifth-slowest one. A browser
 * keeps one connection alive; without `keepAlive`, each call opens its own (a page's first load).
 */
export const browsers = () => {
  const agents: Agent[] = [];
  return {
    next: ({ keepAlive = true } = {}) => {
      const agent = new Agent({
        keepAlive,
        maxSockets: keepAlive ? 1 : Number.POSITIVE_INFINITY,
        localAddress: `127.0.0.${2 + agents.length}`,
      });
      agents.push(agent);
      return agent;
    },
    close: () => {
      for (const agent of agents) agent.destroy();
    },
  };
};
