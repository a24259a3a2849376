import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { z } from 'zod';
import { accountingJobs } from './modules/accounting/accounting.jobs';
import { accountingEvents } from './modules/accounting/accounting.socket';
import { adminEvents } from './modules/admin/admin.socket';
import { adminCommandsRoutes } from './modules/admin-commands/admin-commands.http';
import { adminCommandJob } from './modules/admin-commands/admin-commands.service';
import { adminCommandEvents } from './modules/admin-commands/admin-commands.socket';
import { exportCleanupJob } from './modules/admin-commands/export-commands';
import { isApiToken, resolveApiTokenActor } from './modules/api-tokens/api-tokens.service';
import { apiTokenEvents } from './modules/api-tokens/api-tokens.socket';
import { accountEvents } from './modules/auth/account.socket';
import { authEvents, publicAuthEvents } from './modules/auth/auth.socket';
import { createSessionResolver } from './modules/auth/session-cache';
import { resolveMember } from './modules/auth/sessions.service';
import { publicTwoFactorEvents, twoFactorEvents } from './modules/auth/two-factor.socket';
import { billingSettingsEvents } from './modules/billing-settings/billing-settings.socket';
import { calendarRoutes } from './modules/calendar/calendar.http';
import { capacityEvents } from './modules/capacity/capacity.socket';
import { collectionEvents } from './modules/collections/collections.socket';
import { companyEvents } from './modules/company/company.socket';
import { confirmationsRoutes } from './modules/confirmations/confirmations.http';
import { customerEvents } from './modules/customers/customers.socket';
import { dashboardRoutes } from './modules/dashboard/dashboard.http';
import { departmentEvents } from './modules/departments/departments.socket';
import { employeesRoutes } from './modules/employees/employees.http';
import { employeeEvents } from './modules/employees/employees.socket';
import { exportsRoutes } from './modules/exports/exports.http';
import { filesRoutes } from './modules/files/files.http';
import { removeUnusedFilesJob } from './modules/files/files.service';
import { fileEvents } from './modules/files/files.socket';
import { helpEvents } from './modules/help/help.socket';
import { inquiryEvents } from './modules/inquiries/inquiries.socket';
import { invoicesRoutes } from './modules/invoices/invoices.http';
import { invoiceEvents } from './modules/invoices/invoices.socket';
import { jobEvents } from './modules/jobs/jobs.socket';
import { logsRoutes } from './modules/logs/logs.http';
import { logsPruneJob } from './modules/logs/logs.jobs';
import { recordServerError } from './modules/logs/logs.service';
import { logEvents } from './modules/logs/logs.socket';
import { messageEvents } from './modules/messages/messages.socket';
import { offerStatusesRoutes } from './modules/offers/offer-statuses.http';
import { offersRoutes } from './modules/offers/offers.http';
import { plannerEvents } from './modules/planner/planner.socket';
import { priceCalculatorEvents } from './modules/price-calculator/price-calculator.socket';
import { processEvents } from './modules/processes/processes.socket';
import { productRoutes } from './modules/products/products.http';
import { productEvents } from './modules/products/products.socket';
import { projectsRoutes } from './modules/projects/projects.http';
import { projectEvents } from './modules/projects/projects.socket';
import { checklistRoutes } from './modules/quality/checklists.http';
import { qualityRoutes } from './modules/quality/quality.http';
import { qualityOverdueJob } from './modules/quality/quality-alerts';
import { reportsRoutes } from './modules/reports/reports.http';
import { searchEvents } from './modules/search/search.socket';
import { serviceAgreementsRoutes } from './modules/service-agreements/service-agreements.http';
import { serviceTemplatesRoutes } from './modules/service-templates/service-templates.http';
import { serviceTemplateEvents } from './modules/service-templates/service-templates.socket';
import { serviceWorkRoutes } from './modules/service-work/service-work.http';
import {
  notificationDeliverJob,
  notificationDigestJob,
  offerDeadlineJob,
} from './modules/subscriptions/notifications';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.http';
import { subscriptionEvents } from './modules/subscriptions/subscriptions.socket';
import { ensurePushKeys } from './modules/subscriptions/web-push';
import { systemRoutes } from './modules/system/system.http';
import { tasksRoutes } from './modules/tasks/tasks.http';
import { userEvents } from './modules/users/users.socket';
import { webhookJobs } from './modules/webhooks/webhook-dispatch';
import { webhookEvents } from './modules/webhooks/webhooks.socket';
import { closePasswordPool } from './platform/auth/passwords';
import { hashToken } from './platform/auth/tokens';
import type { AppContext } from './platform/context';
import { statisticsRefreshJob } from './platform/db/statistics.jobs';
import { AppError } from './platform/errors';
import { checkRouteAccess, collectRoutesWithoutRule } from './platform/http/access';
import { verifyDownload } from './platform/http/download-links';
import { handleHttpError, isInternalHttpError } from './platform/http/error-handler';
import { type HttpModule, openApiTransform, registerHttpModules } from './platform/http/routes';
import { registerWebApp } from './platform/http/web-app';
import { inputProblemError } from './platform/input';
import type { JobTable } from './platform/jobs/job-table';
import { mailSendJob } from './platform/mail/mail.jobs';
import { createProxyWarning } from './platform/proxy-warning';
import { createGateway, type Gateway } from './platform/realtime/gateway';
import type { SocketEventTable } from './platform/realtime/socket-module';
import './module-links';

/** Every module's REST routes, mounted under /api, each with its permission. */
export const HTTP_MODULES: readonly HttpModule[] = [
  systemRoutes,
  logsRoutes,
  filesRoutes,
  employeesRoutes,
  dashboardRoutes,
  projectsRoutes,
  offersRoutes,
  offerStatusesRoutes,
  confirmationsRoutes,
  invoicesRoutes,
  tasksRoutes,
  qualityRoutes,
  reportsRoutes,
  checklistRoutes,
  serviceWorkRoutes,
  serviceAgreementsRoutes,
  calendarRoutes,
  adminCommandsRoutes,
  serviceTemplatesRoutes,
  exportsRoutes,
  productRoutes,
  subscriptionRoutes,
];

/**
 * Every module's socket events, each with its permission and use case. The contract lists the events;
 * a contract event missing here does not compile.
 */
export const SOCKET_EVENT_TABLE = {
  ...publicAuthEvents,
  ...authEvents,
  ...publicTwoFactorEvents,
  ...twoFactorEvents,
  ...accountEvents,
  ...adminEvents,
  ...adminCommandEvents,
  ...accountingEvents,
  ...billingSettingsEvents,
  ...companyEvents,
  ...customerEvents,
  ...employeeEvents,
  ...fileEvents,
  ...inquiryEvents,
  ...jobEvents,
  ...logEvents,
  ...projectEvents,
  ...processEvents,
  ...priceCalculatorEvents,
  ...searchEvents,
  ...userEvents,
  ...helpEvents,
  ...webhookEvents,
  ...apiTokenEvents,
  ...collectionEvents,
  ...departmentEvents,
  ...productEvents,
  ...invoiceEvents,
  ...plannerEvents,
  ...capacityEvents,
  ...serviceTemplateEvents,
  ...messageEvents,
  ...subscriptionEvents,
} satisfies SocketEventTable;

/**
 * Every module's background jobs (pg-boss): name, handler, retry policy, optional cron timetable.
 * Started with the app, stopped when it closes; see the README's "Jobs".
 */
export const JOB_TABLE: JobTable = [
  mailSendJob,
  ...accountingJobs,
  statisticsRefreshJob,
  ...webhookJobs,
  logsPruneJob,
  adminCommandJob,
  exportCleanupJob,
  qualityOverdueJob,
  notificationDeliverJob,
  notificationDigestJob,
  offerDeadlineJob,
  removeUnusedFilesJob,
];

/** Requests per minute per address on the REST API: generous for people, a wall for scripts. */
const API_RATE_LIMIT_PER_MINUTE = 1_200;

export type KarmApp = {
  fastify: ReturnType<typeof Fastify>;
  gateway: Gateway;
  /** Starts listening; returns the bound address (port 0 picks a free one, as tests do). */
  listen: (port: number, host?: string) => Promise<string>;
  close: () => Promise<void>;
};

/** Builds the HTTP + Socket.IO server on one port. Used by main and by every server test. */
export const buildApp = async (
  ctx: AppContext,
  /** `checkAnswers`: the test server checks every JSON answer against its response schema (routes.ts). */
  options: { checkAnswers?: boolean } = {},
): Promise<KarmApp> => {
  // Every socket event and REST call resolves its session through this one memory (session-cache.ts).
  const sessions = await createSessionResolver(ctx);
  const fastify = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    // Per-request lines only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace',
    }),
    bodyLimit: 1_000_000,
    trustProxy: ctx.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  // Every body, query and parameter passes the contract's guard (no NUL, bounded nesting) first.
  fastify.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => {
      const problem = inputProblemError(data);
      return problem ? { error: problem } : validate(data);
    };
  });
  // This compiler would parse and encode each answer through zod; the modules' routes keep their
  // response schemas out of `schema.response` (only the OpenAPI document sees them, routes.ts), so
  // answers are plain JSON.stringify, however large.
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // SPEC §8: the server's own unexpected failures land in the company's log too.
    if (isInternalHttpError(error))
      void recordServerError(
        ctx,
        request.actor,
        `${request.method} ${request.routeOptions.url ?? ''}`,
        error,
      );
    return handleHttpError(error, request, reply);
  });
  fastify.decorateRequest('actor', null);

  // Helmet's headers built once: @fastify/helmet built the whole middleware again on every request,
  // a fixed cost that was a sixth of a small REST answer (bench invoices).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets inline styles; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        frameSrc: ["'self'", 'blob:'],
        // 'self' covers the app's own ws:/wss: socket; no other host may be reached from the page.
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await fastify.register(multipart, { limits: { fileSize: ctx.config.uploadMaxBytes, files: 1 } });
  await fastify.register(swagger, {
    openapi: { info: { title: 'Karm API', version: ctx.version } },
    transform: openApiTransform,
  });
  // The docs describe the same contract the shipped web app already carries, so they need no sign-in.
  // The plugin's /static/index.html redirect keeps a query string and so redirected to itself.
  await fastify.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: async (request, reply) => {
        if (request.url.split('?')[0] === '/api/docs/static/index.html') return reply.redirect('/api/docs/');
      },
    },
  });

  const warnAboutProxy = createProxyWarning(ctx);
  fastify.addHook('onRequest', async (request) => warnAboutProxy(request.headers));

  await fastify.register(
    async (api) => {
      // An integration's API token is limited on its own (whichever address it calls from); a
      // person's browser by its address. Refused calls answer 429 with Retry-After.
      await api.register(rateLimit, {
        timeWindow: '1 minute',
        keyGenerator: (request) => {
          const token = request.headers.token;
          return typeof token === 'string' && isApiToken(token) ? `token:${hashToken(token)}` : request.ip;
        },
        max: (_request, key) =>
          key.startsWith('token:') ? ctx.config.apiTokenRateLimitPerMinute : API_RATE_LIMIT_PER_MINUTE,
      });
      api.addHook(
        'onRequest',
        checkRouteAccess(
          // The `token` header carries a session's token or an integration's API token.
          (token) => (isApiToken(token) ? resolveApiTokenActor(ctx, token) : sessions.resolve(token)),
          (kind, resourceId, link) =>
            verifyDownload(
              ctx,
              (userId, companyId) => resolveMember(ctx, userId, companyId),
              kind,
              resourceId,
              link,
            ),
        ),
      );
      const routesWithoutRule = collectRoutesWithoutRule(api);
      registerHttpModules(api.withTypeProvider<ZodTypeProvider>(), ctx, HTTP_MODULES, {
        checkAnswers: options.checkAnswers,
      });
      // A route registered outside a module's table has no access rule and would be refused at run
      // time; say so at start.
      if (routesWithoutRule.length > 0)
        throw new Error(`Routes without an access rule: ${routesWithoutRule.join(', ')}`);
    },
    { prefix: '/api' },
  );

  const webApp = await registerWebApp(fastify, ctx.config.webDistDir);
  fastify.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isAsset = /\.[a-z0-9]+(\?.*)?$/i.test(request.url);
    if (isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return handleHttpError(
        new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
        request,
        reply,
      );
    }
    return webApp.sendIndex(reply);
  });

  await fastify.ready();
  const gateway = await createGateway({
    ctx,
    httpServer: fastify.server,
    events: SOCKET_EVENT_TABLE,
    resolveActor: sessions.resolve,
    warnAboutProxy,
    onInternalError: (error, actor, event) => void recordServerError(ctx, actor, event, error),
  });
  ctx.realtime.attach(gateway.io);
  // Web Push's key pair is made at the first start, so every browser subscribes to the same one.
  await ensurePushKeys(ctx);
  await ctx.jobs.start(ctx, JOB_TABLE);

  return {
    fastify,
    gateway,
    listen: (port, host = '127.0.0.1') => fastify.listen({ port, host }),
    close: async () => {
      await ctx.jobs.stop();
      await ctx.accounting.closeAll();
      await gateway.close();
      await fastify.close();
      await sessions.close();
      await closePasswordPool();
    },
  };
};
