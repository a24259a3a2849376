import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';

/** Every route of SPEC §2's main layout, with the heading its screen shows in each language. */
const ROUTES: { path: string; en: string; nb: string }[] = [
  { path: '/', en: 'Dashboard', nb: 'Dashbord' },
  { path: '/project/control', en: 'Project control', nb: 'Prosjektkontroll' },
  { path: '/projects', en: 'Projects', nb: 'Prosjekter' },
  { path: '/serviceProjects', en: 'Service projects', nb: 'Serviceprosjekter' },
  { path: '/service-due', en: 'Service due', nb: 'Service som forfaller' },
  { path: '/serviceItem', en: 'Service item', nb: 'Serviceobjekt' },
  { path: '/convert/download', en: 'Client download', nb: 'Last ned klient' },
  { path: '/convert/subscriptions', en: 'Subscriptions', nb: 'Abonnementer' },
  { path: '/profile', en: 'Profile', nb: 'Profil' },
  { path: '/planner', en: 'Resource planner', nb: 'Ressursplanlegger' },
  { path: '/planner/2026/47', en: 'Resource planner', nb: 'Ressursplanlegger' },
  { path: '/offer', en: 'Offers', nb: 'Tilbud' },
  { path: '/admin', en: 'Admin', nb: 'Administrasjon' },
  { path: '/admin/service-template', en: 'Service templates', nb: 'Servicemaler' },
  { path: '/calendar', en: 'Calendar', nb: 'Kalender' },
  { path: '/logs', en: 'Logs', nb: 'Logger' },
  { path: '/capacity', en: 'Capacity', nb: 'Kapasitet' },
  { path: '/admincommands', en: 'Admin commands', nb: 'Adminkommandoer' },
  { path: '/messages', en: 'Messages', nb: 'Meldinger' },
  { path: '/customer', en: 'Customer info', nb: 'Kundeinfo' },
  { path: '/quality', en: 'Quality control', nb: 'Kvalitetskontroll' },
  { path: '/report', en: 'Reports', nb: 'Rapporter' },
  { path: '/tasks', en: 'Tasks', nb: 'Oppgaver' },
  { path: '/company', en: 'Company settings', nb: 'Firmainnstillinger' },
  // Without a project it is the service assignment (the dispatch view of issue 19).
  { path: '/service-project-details', en: 'Service assignment', nb: 'Serviceoppdrag' },
  { path: '/inquiries', en: 'Inquiry management', nb: 'Forespørselsoversikt' },
  { path: '/price-calculator', en: 'Price calculator', nb: 'Priskalkulator' },
];

const screenName = (path: string) => (path === '/' ? 'root' : path.slice(1).replaceAll('/', '-'));

/** The routes in a few parts, each its own test: they run side by side, and a slow part fails alone. */
const PARTS = 3;
const partsOf = <T>(items: T[], parts: number) =>
  Array.from({ length: parts }, (_, part) => items.filter((_, index) => index % parts === part));

for (const locale of ['en', 'nb'] as const) {
  for (const [part, routes] of partsOf(ROUTES, PARTS).entries()) {
    test(`every route renders its screen without console errors (${locale}, part ${part + 1} of ${PARTS})`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      // An administrator opens every screen; what other roles see is the roles journey's part.
      const username = locale === 'en' ? E2E_ADMINS.routesEn : E2E_ADMINS.routesNb;
      const session = await apiSignIn(username, E2E_PASSWORD);
      await session.request('user:update-profile', { locale });
      session.close();
      await signInPage(page, username);
      for (const route of routes) {
        await page.goto(route.path);
        await expect(page.getByRole('heading', { level: 1, name: route[locale] }), route.path).toBeVisible();
        await saveScreen(page, `route-${locale}-${screenName(route.path)}`);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
}

test('the print view has Back and Print without signing in', async ({ page }) => {
  await page.goto('/print');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await saveScreen(page, 'print');
});
