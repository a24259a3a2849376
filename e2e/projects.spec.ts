import type { ProjectFiltersInput } from '@karm/domain/rules';
import type { Browser, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { addDays, formatDate, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_USERS } from './support/users';

// The journeys share two users and change their saved filters and language, so they run in order.
test.describe.configure({ mode: 'default' });

/** Each journey user is also an employee named "E2E <user without e2e->" (support/server.ts). */
const employeeName = (username: string) => `E2E ${username.replace('e2e-', '')}`;

/**
 * Sets the user's language and saved project filters over the API, then signs the page in. A fresh
 * browser has no filters of its own, so the list starts from the profile's.
 */
const signInWith = async (
  page: Page,
  username: string,
  { locale = 'en', projectFilters = {} }: { locale?: 'en' | 'nb'; projectFilters?: ProjectFiltersInput } = {},
) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale, projectFilters });
  session.close();
  await signInPage(page, username);
};

const newBrowserPage = async (browser: Browser) => {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
  });
  return { context, page: await context.newPage() };
};

/** Creates a project over the API, managed by the given user's employee. */
const createProject = async (username: string, name: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    const employees = await session.request('employee:get', {});
    const manager = employees.find((employee) => employee.displayName === employeeName(username));
    return await session.request('project:create', {
      name,
      projectManagerId: manager?.id ?? null,
      deliveryDate: addDays(osloToday(), 30),
      projectAddress: 'Skoleveien 1',
    });
  } finally {
    session.close();
  }
};

const projectNamed = async (username: string, name: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    const page = await session.request('projects:filter_new', {
      who: 'alle',
      status: 'all',
      searchQuery: name,
    });
    return page.items[0];
  } finally {
    session.close();
  }
};

const profileOf = async (username: string) => {
  const session = await apiSignIn(username, E2E_PASSWORD);
  try {
    return (await session.request('user:check-logged-in', session.token)).user.profile;
  } finally {
    session.close();
  }
};

test('create a project, see its delivery colour in the list, and keep the filters over a reload', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `E2E Skole ${stamp}`;
  const delivery = addDays(osloToday(), 2);
  await signInWith(page, E2E_USERS.projects);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');

  // The drawer's "Add new project" is a button too; the page's own is in the main area.
  await page.getByRole('main').getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog.getByRole('tab', { name: 'Orders' })).toBeDisabled();
  await expect(dialog.getByText(/Save the project first/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Project name/ }).fill(name);
  await dialog.getByRole('combobox', { name: 'Project manager' }).click();
  await dialog.getByRole('combobox', { name: 'Project manager' }).fill(employeeName(E2E_USERS.projects));
  await page.getByRole('option', { name: employeeName(E2E_USERS.projects), exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Delivery date' }).fill(formatDate(delivery));
  await dialog.getByRole('textbox', { name: 'Delivery date' }).press('Tab');
  await expect(dialog.getByText('Delivery within 3 days')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Postal code' }).fill('0150');
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue(/oslo/i);
  await saveScreen(page, 'projects-en-new-project');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Project \d+ created$/)).toBeVisible();

  const created = await projectNamed(E2E_USERS.projects, name);
  expect(created).toMatchObject({
    name,
    deliveryDate: delivery,
    projectCity: expect.stringMatching(/oslo/i),
  });
  const saved = page.getByRole('dialog', { name: `Project ${created?.number} – ${name}` });
  await expect(saved.getByRole('tab', { name: 'Orders' })).toBeEnabled();
  await saved.getByRole('button', { name: 'Close' }).click();
  await expect(saved).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-delivery-colour]')).toHaveAttribute('data-delivery-colour', 'orange');
  await expect(row.getByText(formatDate(delivery))).toBeVisible();
  await expect(row.getByText(employeeName(E2E_USERS.projects))).toBeVisible();
  await saveScreen(page, 'projects-en-list');

  // Change filters: everybody's projects in every state, searched by the stamp.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  // The segmented control's radios are visually hidden; its labels take the clicks.
  await page.getByLabel('Whose projects').getByText('All', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Search projects' }).fill(String(stamp));
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  // The profile copy follows after a pause; the browser's own copy is written at once.
  await expect
    .poll(async () => (await profileOf(E2E_USERS.projects)).projectFilters, { timeout: 10_000 })
    .toMatchObject({ status: 'all', who: 'alle', searchQuery: String(stamp) });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('All');
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Search projects' })).toHaveValue(String(stamp));
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await saveScreen(page, 'projects-en-filters-restored');
  expect(consoleErrors).toEqual([]);
});

test('filter by a customer chosen in the browser and sort by customer, both kept over a reload', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const session = await apiSignIn(E2E_USERS.projects, E2E_PASSWORD);
  const customerNamed = (name: string) =>
    session.request('customer:create', { name: `${name} ${stamp}`, isPrivateIndividual: true });
  const [aasen, berg] = [await customerNamed('E2E Aasen'), await customerNamed('E2E Berg')];
  const projectFor = (name: string, customerId: string | null) =>
    session.request('project:create', { name: `${name} ${stamp}`, customerId });
  await projectFor('E2E Hall', berg.id);
  await projectFor('E2E Skole', aasen.id);
  await projectFor('E2E Lager', null);
  session.close();

  await signInWith(page, E2E_USERS.projects, {
    projectFilters: { who: 'alle', status: 'all', searchQuery: String(stamp) },
  });
  await page.goto('/projects');
  const names = page.getByRole('row').filter({ hasText: String(stamp) });
  await expect(names).toHaveCount(3);

  // By customer: Aasen, Berg, then the project without a customer.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await expect(names.nth(0)).toContainText('E2E Skole');
  await expect(names.nth(1)).toContainText('E2E Hall');
  await expect(names.nth(2)).toContainText('E2E Lager');

  await page.getByRole('button', { name: 'More filters' }).click();
  const customerFilter = page.getByRole('combobox', { name: 'Customer' });
  await customerFilter.click();
  await customerFilter.fill(`E2E Berg ${stamp}`);
  await page.getByRole('option', { name: berg.name }).click();
  await expect(names).toHaveCount(1);
  await expect(names.first()).toContainText('E2E Hall');
  await saveScreen(page, 'projects-en-customer-filter');
  await expect
    .poll(async () => (await profileOf(E2E_USERS.projects)).projectFilters, { timeout: 10_000 })
    .toMatchObject({ customer: berg.id, projectSortType: 'customer' });

  await page.reload();
  await expect(names).toHaveCount(1);
  await expect(names.first()).toContainText('E2E Hall');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Customer');
  // A reload opens "More filters" by itself when one of them is set.
  await expect(page.getByRole('button', { name: 'More filters' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(berg.name);
  expect(consoleErrors).toEqual([]);
});

test('two people save the same project: the second is offered the newer data and gets it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const name = `E2E Samtidig ${stamp}`;
  await createProject(E2E_USERS.projects, name);
  const filters: ProjectFiltersInput = { who: 'alle', status: 'all', searchQuery: String(stamp) };

  const second = await newBrowserPage(browser);
  await signInWith(page, E2E_USERS.projects, { projectFilters: filters });
  await signInWith(second.page, E2E_USERS.projectsSecond, { projectFilters: filters });

  // Both open the project.
  const open = async (target: Page) => {
    await target.goto('/projects');
    await target.getByRole('row').filter({ hasText: name }).click();
    const dialog = target.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
    await expect(dialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);
    return dialog;
  };
  const first = await open(page);
  const other = await open(second.page);

  await first.getByRole('textbox', { name: 'Description' }).fill('Endret av den første');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved')).toBeVisible();

  await other.getByRole('textbox', { name: 'Address' }).fill('Ny adresse 2');
  await other.getByRole('button', { name: 'Save' }).click();
  const question = second.page.getByRole('dialog', { name: 'Changed by someone else' });
  await expect(
    question.getByText('This project was changed by someone else. Retrieve the newer data?'),
  ).toBeVisible();
  await saveScreen(second.page, 'projects-en-conflict');
  await question.getByRole('button', { name: 'Retrieve newer data' }).click();
  await expect(question).toBeHidden();
  await expect(other.getByRole('textbox', { name: 'Description' })).toHaveValue('Endret av den første');
  // The second person's unsaved edit gave way to what the database holds.
  await expect(other.getByRole('textbox', { name: 'Address' })).toHaveValue('Skoleveien 1');
  await expect(second.page.getByText('The newer data was retrieved')).toBeVisible();
  await saveScreen(second.page, 'projects-en-conflict-retrieved');

  // Now the second person's change goes through, on top of the first one's.
  await other.getByRole('textbox', { name: 'Address' }).fill('Ny adresse 2');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(second.page.getByText('Project saved')).toBeVisible();
  expect(await projectNamed(E2E_USERS.projects, name)).toMatchObject({
    description: 'Endret av den første',
    projectAddress: 'Ny adresse 2',
  });
  await second.context.close();
});

test('archive a project with a reason', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const name = `E2E Arkiv ${stamp}`;
  await createProject(E2E_USERS.projects, name);
  await signInWith(page, E2E_USERS.projects, { projectFilters: { searchQuery: String(stamp) } });
  await page.goto('/projects');
  await page.getByRole('row').filter({ hasText: name }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
  await expect(dialog.getByRole('textbox', { name: /Project name/ })).toHaveValue(name);

  await dialog.getByRole('button', { name: 'Archive' }).click();
  const ask = page.getByRole('dialog', { name: 'Archive the project' });
  await ask.getByRole('textbox', { name: /Reason/ }).fill('Kunden valgte en annen leverandør');
  await saveScreen(page, 'projects-en-archive-reason');
  await ask.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Project archived')).toBeVisible();
  await expect(dialog.getByText('Archived: Kunden valgte en annen leverandør')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  expect(await projectNamed(E2E_USERS.projects, name)).toMatchObject({
    state: 'archived',
    archiveReason: 'Kunden valgte en annen leverandør',
  });

  // The list shows active projects: the archived one has left it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('No projects match the filters.')).toBeVisible();
});

test('open the work order of a project as a PDF', async ({ page }) => {
  const stamp = Date.now();
  const name = `E2E Arbeidsordre ${stamp}`;
  await createProject(E2E_USERS.projects, name);
  await signInWith(page, E2E_USERS.projects, { projectFilters: { searchQuery: String(stamp) } });
  await page.goto('/projects');
  await page.getByRole('row').filter({ hasText: name }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`– ${name}$`) });
  await dialog.getByRole('button', { name: 'Show document' }).click();
  const frame = page.locator('iframe[title^="work-order-"]');
  await expect(frame).toBeVisible();
  const response = await page.request.get((await frame.getAttribute('src')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await saveScreen(page, 'projects-en-work-order');
});

test('the project screens in Norwegian', async ({ page }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const name = `E2E Norsk ${stamp}`;
  await createProject(E2E_USERS.projectsSecond, name);
  await signInWith(page, E2E_USERS.projectsSecond, { locale: 'nb' });
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Prosjekter' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: 'Flere filtre' }).click();
  await expect(page.getByRole('combobox', { name: 'Prosjektleder' })).toBeVisible();
  await saveScreen(page, 'projects-nb-list');

  await page.getByRole('row').filter({ hasText: name }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Prosjekt \\d+ – ${name}$`) });
  await expect(dialog.getByRole('textbox', { name: /Prosjektnavn/ })).toHaveValue(name);
  await dialog.getByRole('tab', { name: 'Ordrer' }).click();
  await dialog.getByRole('button', { name: 'Legg til ordre' }).click();
  await dialog.getByRole('textbox', { name: 'Beskrivelse, linje 1' }).fill('Skyvedør');
  await dialog.getByRole('textbox', { name: 'Enhetspris, linje 1' }).fill('12 500');
  await dialog.getByRole('textbox', { name: 'Enhetspris, linje 1' }).press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Enhetspris, linje 1' })).toHaveValue(
    '12\u00a0500,00\u00a0kr',
  );
  await saveScreen(page, 'projects-nb-orders');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('Prosjektet er lagret')).toBeVisible();
  expect((await projectNamed(E2E_USERS.projectsSecond, name))?.projectValue).toBe(12_500_00);
  await dialog.getByRole('button', { name: 'Lukk' }).click();

  await page.getByRole('main').getByRole('button', { name: 'Nytt prosjekt' }).click();
  const fresh = page.getByRole('dialog', { name: 'Nytt prosjekt' });
  await expect(fresh.getByRole('tab', { name: 'Prosess' })).toBeDisabled();
  await saveScreen(page, 'projects-nb-new-project');
  await fresh.getByRole('button', { name: 'Avbryt' }).click();

  await page.goto('/serviceProjects');
  await expect(page.getByRole('heading', { level: 1, name: 'Serviceprosjekter' })).toBeVisible();
  await saveScreen(page, 'projects-nb-service-projects');

  // Leave the shared user in English with default filters for whatever runs next.
  const reset = await apiSignIn(E2E_USERS.projectsSecond, E2E_PASSWORD);
  await reset.request('user:update-profile', { locale: 'en', projectFilters: {} });
  reset.close();
});
