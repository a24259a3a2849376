import { createBrowserRouter, Outlet, redirect } from 'react-router';
import { AdminPage } from '@/features/admin/admin-page';
import { LoginPage } from '@/features/auth/login-page';
import { ProfilePage } from '@/features/auth/profile-page';
import { CustomerPage } from '@/features/customers/customer-page';
import { InquiriesPage } from '@/features/inquiries';
import { LogsPage } from '@/features/logs/logs-page';
import { OfferStatusesAdmin } from '@/features/offers';
import { PriceCalculatorPage } from '@/features/price-calculator';
import { PrintPage } from '@/features/print/print-page';
import { ProcessColumnsAdmin } from '@/features/processes/process-columns-admin';
import { ProjectControlPage } from '@/features/processes/project-control-page';
import { ProjectsPage, ServiceProjectsPage } from '@/features/projects';
import { verifyStoredSession } from '@/lib/session';
import { LoginLayout } from './layouts/login-layout';
import { MainLayout } from './layouts/main-layout';
import { NotFoundPage } from './not-found-page';
import { OffersScreen, offerHref } from './offers-screen';
import { href, PLANNED_SCREENS, ROUTES } from './routes';
import { PlannedScreen } from './shell/planned-screen';
import { ScrollToTop } from './shell/scroll-to-top';

/**
 * SPEC §2 route guard: before every protected route, a stored token must exist and the server
 * must confirm the login; otherwise the user goes to /login.
 */
const requireSession = async () => {
  if (!(await verifyStoredSession())) throw redirect(href.login());
  return null;
};

const Root = () => (
  <>
    <ScrollToTop />
    <Outlet />
  </>
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      {
        element: <LoginLayout />,
        children: [
          { id: 'login', path: ROUTES.login, element: <LoginPage /> },
          { id: 'print', path: ROUTES.print, element: <PrintPage /> },
        ],
      },
      {
        id: 'main',
        element: <MainLayout />,
        loader: requireSession,
        // The guard runs before every protected route, not only the first.
        shouldRevalidate: () => true,
        children: [
          ...PLANNED_SCREENS.map((screen) => ({
            id: screen.name,
            path: ROUTES[screen.name],
            element: <PlannedScreen titleKey={screen.titleKey} textKey={screen.textKey} />,
          })),
          { id: 'profile', path: ROUTES.profile, element: <ProfilePage /> },
          { id: 'logs', path: ROUTES.logs, element: <LogsPage /> },
          { id: 'customer', path: ROUTES.customer, element: <CustomerPage /> },
          {
            id: 'admin',
            path: ROUTES.admin,
            element: (
              <AdminPage
                logsPath={href.to('logs')}
                moduleTabs={{ process: <ProcessColumnsAdmin />, offers: <OfferStatusesAdmin /> }}
              />
            ),
          },
          { id: 'projectControl', path: ROUTES.projectControl, element: <ProjectControlPage /> },
          { id: 'inquiries', path: ROUTES.inquiries, element: <InquiriesPage offerHref={offerHref} /> },
          { id: 'projects', path: ROUTES.projects, element: <ProjectsPage offerHref={offerHref} /> },
          { id: 'offer', path: ROUTES.offer, element: <OffersScreen /> },
          {
            id: 'serviceProjects',
            path: ROUTES.serviceProjects,
            element: <ServiceProjectsPage offerHref={offerHref} />,
          },
          { id: 'priceCalculator', path: ROUTES.priceCalculator, element: <PriceCalculatorPage /> },
        ],
      },
      { id: 'notFound', path: '*', element: <NotFoundPage /> },
    ],
  },
]);
