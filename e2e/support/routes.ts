/**
 * Every route of SPEC §2's main layout, with the heading its screen shows in each language: the
 * routes journey renders each, the accessibility journey checks each with axe.
 */
export const APP_ROUTES: readonly { path: string; en: string; nb: string }[] = [
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

/** A screenshot's name for a route. */
export const screenName = (path: string) => (path === '/' ? 'root' : path.slice(1).replaceAll('/', '-'));

/** Items in a few parts, each its own test: they run side by side, and a slow part fails alone. */
export const partsOf = <T>(items: readonly T[], parts: number) =>
  Array.from({ length: parts }, (_, part) => items.filter((_, index) => index % parts === part));
