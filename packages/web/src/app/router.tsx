import { Stack } from '@mantine/core';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Outlet, redirect } from 'react-router';
import { loadAllTranslations } from '@/lib/i18n';
import { checkStoredSession, verifyStoredSession } from '@/lib/session';
import { LoginLayout } from './layouts/login-layout';
import {
  calendarTargetHref,
  fileOwnerHref,
  href,
  offerHref,
  PLANNED_SCREENS,
  projectHref,
  ROUTES,
  type RouteName,
  taskEntityHref,
} from './routes';
import { RouteErrorScreen } from './shell/route-error-screen';
import { ServerUnreachableError, withChunkTimeout } from './shell/route-errors';
import { RouteFallback } from './shell/route-fallback';
import { RouteRecorder } from './shell/route-recorder';
import { ScrollToTop } from './shell/scroll-to-top';

/**
 * SPEC §2 route guard: before every protected route, a stored token must exist and the server
 * must confirm the login; otherwise the user goes to /login.
 */
const requireSession = async () => {
  const session = await checkStoredSession();
  // Offline, the installed client still opens (its code is cached) and says it cannot reach the server.
  if (session === 'unreachable') throw new ServerUnreachableError();
  if (session === 'signedOut') throw redirect(href.login());
  return null;
};

/**
 * /login for someone already signed in goes to the dashboard — unless it carries a reset link, which
 * is for whoever opened the mail.
 */
const leaveLoginWhenSignedIn = async ({ request }: { request: Request }) => {
  if (new URL(request.url).searchParams.has('reset')) return null;
  if (await verifyStoredSession()) throw redirect(href.to('dashboard'));
  return null;
};

/**
 * A route whose screen is loaded with its code on the first visit, so /login does not carry the
 * whole app. The router loads every matched route's code at once, alongside the session check.
 * Code that does not arrive within SPEC §9's 120 s, or cannot be fetched, shows a way to reload in
 * the screen's place (the layout around it stays).
 */
const screen = <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) => ({
  lazy: { Component: async () => pick(await withChunkTimeout(load())) },
  ErrorBoundary: RouteErrorScreen,
});

/** A route of the table in routes.ts whose screen loads on the first visit. */
const lazyRoute = <Module,>(
  id: Exclude<RouteName, 'plannerWeek'>,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
) => ({ id, path: ROUTES[id], ...screen(load, pick) });

/** The sheets features print through /print (`?sheet=<name>`), each loaded when first printed. */
const PRINT_SHEETS = {
  planner: lazy(() =>
    import('@/features/planner/planner-print-sheet').then((module) => ({
      default: module.PlannerPrintSheet,
    })),
  ),
  'service-logbook': lazy(() =>
    import('@/features/service-work/service-logbook-print-sheet').then((module) => ({
      default: module.ServiceLogbookPrintSheet,
    })),
  ),
  project: lazy(() =>
    import('@/features/projects/project-print-sheet').then((module) => ({
      default: module.ProjectPrintSheet,
    })),
  ),
  projects: lazy(() =>
    import('@/features/projects/project-list-print-sheet').then((module) => ({
      default: module.ProjectListPrintSheet,
    })),
  ),
  offer: lazy(() =>
    import('@/features/offers/offer-print-sheet').then((module) => ({
      default: module.OfferPrintSheet,
    })),
  ),
};

const Root = () => (
  <>
    <ScrollToTop />
    <RouteRecorder />
    <Outlet />
  </>
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    // Shown on a full page load until the first route's code and session check are done.
    HydrateFallback: RouteFallback,
    // The server out of reach, or anything else no screen caught.
    ErrorBoundary: RouteErrorScreen,
    children: [
      {
        element: <LoginLayout />,
        children: [
          {
            ...lazyRoute(
              'login',
              () => import('@/features/auth/login-page'),
              (module) => module.LoginPage,
            ),
            loader: leaveLoginWhenSignedIn,
          },
          // A sheet is printed straight after a page load too: its texts come with the page, as the
          // signed-in app's do, so the first print never shows a text's key.
          lazyRoute(
            'print',
            () => Promise.all([import('@/features/print/print-page'), loadAllTranslations()]),
            ([{ PrintPage }]) =>
              () => <PrintPage sheets={PRINT_SHEETS} />,
          ),
        ],
      },
      {
        id: 'main',
        loader: requireSession,
        // The guard runs before every protected route, not only the first.
        shouldRevalidate: () => true,
        // The signed-in app's code comes with all its texts (the sign-in page loads only its own).
        ...screen(
          () => Promise.all([import('./layouts/main-layout'), loadAllTranslations()]),
          ([module]) => module.SignedInLayout,
        ),
        children: [
          ...PLANNED_SCREENS.map(({ name, titleKey, textKey }) => ({
            id: name,
            path: ROUTES[name],
            ...screen(
              () => import('./shell/planned-screen'),
              ({ PlannedScreen }) =>
                () => <PlannedScreen titleKey={titleKey} textKey={textKey} />,
            ),
          })),
          lazyRoute(
            'admincommands',
            () => import('@/features/admin-commands'),
            (module) => module.AdminCommandsPage,
          ),
          lazyRoute(
            'profile',
            () => import('./profile-screen'),
            (module) => module.ProfileScreen,
          ),
          lazyRoute(
            'logs',
            () => import('@/features/logs'),
            (module) => module.LogsPage,
          ),
          lazyRoute(
            'customer',
            () => import('./customer-screen'),
            (module) => module.CustomerScreen,
          ),
          lazyRoute(
            'admin',
            () =>
              Promise.all([
                import('@/features/admin/admin-page'),
                import('@/features/processes/process-columns-admin'),
                import('@/features/offers'),
                import('@/features/help'),
                import('@/features/users'),
                import('@/features/webhooks'),
                import('@/features/api-tokens'),
                import('@/features/logs'),
                import('@/features/jobs'),
                import('@/features/collections'),
                import('@/features/departments'),
                import('@/features/billing-settings'),
                import('@/features/invoices'),
                import('@/features/planner/work-group-members'),
                import('@/features/service-templates'),
                import('@/features/messages'),
                import('@/features/admin/messages-tab'),
                import('@/features/products'),
              ]),
            ([
              { AdminPage },
              { ProcessColumnsAdmin },
              { OfferStatusesAdmin },
              { HelpAdmin },
              { ManageUsersTab, UsersTab },
              { WebhooksTab },
              { ApiTokensCard },
              { LogsList },
              { JobsTab },
              { CollectionsAdmin },
              { DepartmentsAdmin },
              { InvoiceSettingsAdmin, PaymentTermsAdmin, CreditBandsAdmin },
              { InvoiceList },
              { WorkGroupMembers },
              { TemplateList, serviceTemplateHref },
              { CompanyMessages },
              { MessagesTab },
              { ProductsAdmin },
            ]) =>
              () => (
                <AdminPage
                  logsPath={href.to('logs')}
                  moduleTabs={{
                    help: <HelpAdmin />,
                    process: <ProcessColumnsAdmin />,
                    offers: (
                      <Stack gap="xl">
                        <OfferStatusesAdmin />
                        <ProductsAdmin />
                      </Stack>
                    ),
                    'manage-users': <ManageUsersTab />,
                    users: <UsersTab />,
                    webhooks: (
                      <Stack gap="xl">
                        <WebhooksTab />
                        <ApiTokensCard />
                      </Stack>
                    ),
                    'server-logs': <LogsList />,
                    messages: (
                      <MessagesTab>
                        <CompanyMessages />
                      </MessagesTab>
                    ),
                    'resource-planner': (
                      <CollectionsAdmin tab="planner">
                        <WorkGroupMembers />
                      </CollectionsAdmin>
                    ),
                    jobs: <JobsTab />,
                    invoices: (
                      <InvoiceSettingsAdmin>
                        <InvoiceList projectHref={(projectId) => href.open('projects', projectId)} />
                      </InvoiceSettingsAdmin>
                    ),
                    'payment-terms': <PaymentTermsAdmin />,
                    'service-projects': (
                      <TemplateList
                        templateHref={(id) => serviceTemplateHref(href.to('ServiceTemplate'), id)}
                      />
                    ),
                    'credit-score': <CreditBandsAdmin />,
                    inquiry: <CollectionsAdmin tab="inquiry" />,
                    projects: (
                      <CollectionsAdmin tab="projects" priceMatrixPath={href.to('priceCalculator')}>
                        <DepartmentsAdmin />
                      </CollectionsAdmin>
                    ),
                  }}
                />
              ),
          ),
          lazyRoute(
            'projectControl',
            () => import('./project-control-screen'),
            (module) => module.ProjectControlScreen,
          ),
          lazyRoute(
            'inquiries',
            () => import('@/features/inquiries'),
            ({ InquiriesPage }) =>
              () => <InquiriesPage offerHref={offerHref} />,
          ),
          lazyRoute(
            'projects',
            () =>
              Promise.all([
                import('@/features/projects'),
                import('./project-tasks'),
                import('./project-quality'),
                import('./project-expenses'),
              ]),
            ([
              { ProjectsPage },
              { renderProjectTasks },
              { renderProjectQuality },
              { renderProjectExpenses },
            ]) =>
              () => (
                <ProjectsPage
                  offerHref={offerHref}
                  renderTasks={renderProjectTasks}
                  renderQuality={renderProjectQuality}
                  renderExpenses={renderProjectExpenses}
                  printHref={href.projectPrint}
                  listPrintHref={href.projectListPrint}
                />
              ),
          ),
          lazyRoute(
            'offer',
            () => import('./offers-screen'),
            (module) => module.OffersScreen,
          ),
          lazyRoute(
            'serviceProjects',
            () =>
              Promise.all([
                import('@/features/projects'),
                import('./project-tasks'),
                import('./project-quality'),
                import('./project-expenses'),
              ]),
            ([
              { ServiceProjectsPage },
              { renderProjectTasks },
              { renderProjectQuality },
              { renderProjectExpenses },
            ]) =>
              () => (
                <ServiceProjectsPage
                  offerHref={offerHref}
                  renderTasks={renderProjectTasks}
                  renderQuality={renderProjectQuality}
                  renderExpenses={renderProjectExpenses}
                  printHref={href.projectPrint}
                  listPrintHref={href.projectListPrint}
                />
              ),
          ),
          lazyRoute(
            'capacity',
            () => import('@/features/capacity'),
            (module) => module.CapacityPage,
          ),
          lazyRoute(
            'dashboard',
            () =>
              Promise.all([
                import('@/features/dashboard'),
                import('./dashboard-links'),
                import('@/features/messages'),
              ]),
            ([{ DashboardPage, TodaysMessagesWidget }, { DASHBOARD_LINKS }, { UnreadMessagesList }]) =>
              () => (
                <DashboardPage
                  links={DASHBOARD_LINKS}
                  messagesWidget={
                    <TodaysMessagesWidget>
                      <UnreadMessagesList messagesPath={ROUTES.messages} />
                    </TodaysMessagesWidget>
                  }
                />
              ),
          ),
          lazyRoute(
            'calendar',
            () => import('@/features/calendar'),
            ({ CalendarPage }) =>
              () => <CalendarPage targetHref={calendarTargetHref} />,
          ),
          lazyRoute(
            'tasks',
            () => import('@/features/tasks'),
            ({ TasksPage }) =>
              () => <TasksPage entityHref={taskEntityHref} />,
          ),
          lazyRoute(
            'quality',
            () => import('@/features/quality'),
            ({ QualityPage }) =>
              () => <QualityPage projectHref={projectHref} />,
          ),
          lazyRoute(
            'report',
            () => Promise.all([import('@/features/reports'), import('./report-links')]),
            ([{ ReportsPage }, { REPORT_LINKS }]) =>
              () => <ReportsPage links={REPORT_LINKS} />,
          ),
          lazyRoute(
            'messages',
            () => import('@/features/messages'),
            (module) => module.MessagesPage,
          ),
          lazyRoute(
            'company',
            () => import('@/features/company'),
            (module) => module.CompanySettingsPage,
          ),
          lazyRoute(
            'files',
            () => import('@/features/files'),
            ({ FilesPage }) =>
              () => <FilesPage ownerHref={fileOwnerHref} />,
          ),
          lazyRoute(
            'convertSubscriptions',
            () => import('@/features/subscriptions'),
            (module) => module.SubscriptionsPage,
          ),
          lazyRoute(
            'convertDownload',
            () => import('@/features/install'),
            (module) => module.DownloadPage,
          ),
          lazyRoute(
            'planner',
            () => import('./planner-screen'),
            (module) => module.PlannerScreen,
          ),
          {
            id: 'plannerWeek',
            path: ROUTES.plannerWeek,
            ...screen(
              () => import('./planner-screen'),
              (module) => module.PlannerScreen,
            ),
          },
          lazyRoute(
            'ServiceTemplate',
            () => import('@/features/service-templates'),
            (module) => module.ServiceTemplatePage,
          ),
          lazyRoute(
            'serviceItem',
            () => import('./service-work-screens'),
            (module) => module.ServiceItemScreen,
          ),
          lazyRoute(
            'serviceLogbook',
            () => import('./service-work-screens'),
            (module) => module.ServiceLogbookScreen,
          ),
          lazyRoute(
            'service-project-details',
            () => import('./service-work-screens'),
            (module) => module.ServiceProjectDetailsScreen,
          ),
          lazyRoute(
            'serviceDue',
            () => import('@/features/service-agreements'),
            (module) => () => (
              <module.DueServicePage
                detailsHref={(projectId) => `${ROUTES['service-project-details']}?projectId=${projectId}`}
              />
            ),
          ),
          lazyRoute(
            'priceCalculator',
            () => import('@/features/price-calculator'),
            (module) => module.PriceCalculatorPage,
          ),
        ],
      },
      {
        id: 'notFound',
        path: '*',
        ...screen(
          () => import('./not-found-page'),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
]);
