import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from './context';

/**
 * Behind a reverse proxy with TRUST_PROXY off, every client seems to come from the proxy's address,
 * so the per-address sign-in limits count the whole company as one client. That is easy to miss,
 * so the first request that shows a proxy's header says so in the log — once per process.
 */
export const createProxyWarning = (ctx: AppContext) => {
  let hasWarned = ctx.config.trustProxy;
  return (headers: IncomingHttpHeaders) => {
    if (hasWarned || headers['x-forwarded-for'] === undefined) return;
    hasWarned = true;
    ctx.logger.warn(
      'requests arrive with X-Forwarded-For but TRUST_PROXY is off: every client counts as the proxy ' +
        'for sign-in throttling. Set TRUST_PROXY=true when Karm runs behind a reverse proxy.',
    );
  };
};
