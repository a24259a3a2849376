import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

/**
 * The print view (issue 18, SPEC §2 /print): a project and a filtered project list on paper, with
 * Back and Print, and in print media nothing but the sheet — in English and in Norwegian.
 */
const TEXTS = {
  en: {
    projects: 'Projects',
    project: (number: number, name: string) => `Project ${number} – ${name}`,
    print: 'Print',
    printList: 'Print list',
    back: 'Back',
    process: 'Process',
    orders: 'Orders',
    contacts: 'Contacts',
    count: (count: number) => `${count} projects`,
  },
  nb: {
    projects: 'Prosjekter',
    project: (number: number, name: string) => `Prosjekt ${number} – ${name}`,
    print: 'Skriv ut',
    printList: 'Skriv ut listen',
    back: 'Tilbake',
    process: 'Prosess',
    orders: 'Ordrer',
    contacts: 'Kontakter',
    count: (count: number) => `${count} prosjekter`,
  },
} as const;

for (const locale of ['en', 'nb'] as const) {
  test(`prints a project and the filtered project list (${locale})`, async ({ page, consoleErrors }) => {
    test.setTimeout(Math.max(test.info().timeout, 90_000));
    const text = TEXTS[locale];
    const username = locale === 'en' ? E2E_ADMINS.printEn : E2E_ADMINS.printNb;
    const stamp = `${locale}${Date.now()}`;
    // Two projects the filters select, one they leave out; the first with a site contact and an order.
    const session = await apiSignIn(username, E2E_PASSWORD);
    const [first, second] = await Promise.all(
      [`Utskrift ${stamp} Skole`, `Utskrift ${stamp} Barnehage`].map((name, index) =>
        session.request('project:create', {
          name,
          projectAddress: 'Skoleveien 1',
          siteContactName: index === 0 ? 'Anne Byggeplass' : '',
          siteContactPhone: index === 0 ? '912 34 567' : '',
          orders:
            index === 0
              ? [{ title: 'Dører', lines: [{ description: 'Ytterdør eik', count: 2, unitPrice: 15_000_00 }] }]
              : [],
        }),
      ),
    );
    await session.request('project:create', { name: `Utelatt ${stamp}` });
    await session.request('user:update-profile', {
      locale,
      projectFilters: { who: 'alle', status: 'all', searchQuery: `Utskrift ${stamp}` },
    });
    session.close();
    await signInPage(page, username);

    // The list with the profile's filters: its "Print list" prints the rows those filters select.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1, name: text.projects })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('link', { name: text.printList }).click();
    await expect(page).toHaveURL(/\/print\?sheet=projects&filters=/);
    await expect(page.getByRole('heading', { level: 1, name: text.projects })).toBeVisible();
    await expect(page.getByText(text.count(2))).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(first!.name) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(second!.name) })).toBeVisible();
    await expect(page.getByText(`Utelatt ${stamp}`)).toHaveCount(0);
    await expect(page.getByRole('row')).toHaveCount(3);
    await saveScreen(page, `print-${locale}-project-list`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: text.print })).toBeHidden();
    await expect(page.getByRole('button', { name: text.back })).toBeHidden();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await saveScreen(page, `print-${locale}-project-list-paper`);
    await page.emulateMedia({ media: 'screen' });

    // Back leads to the list; its first project's dialog prints the project.
    await page.getByRole('button', { name: text.back }).click();
    // The print sheet has the same heading and rows (not clickable): wait until Back has left it. The
    // address changes first (Back is the browser's history), the page only once the router's loaders
    // have run — a click on a row in between landed on the sheet's row and opened nothing, about one
    // run in four; the sheet's own Back button gone means the list is drawn.
    await expect(page).toHaveURL(/\/projects(\?|$)/);
    await expect(page.getByRole('button', { name: text.back })).toHaveCount(0);
    await expect(page.getByRole('link', { name: text.printList })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: text.project(first!.number, first!.name) });
    await page.getByRole('row', { name: new RegExp(first!.name) }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: text.print }).click();
    await expect(page).toHaveURL(new RegExp(`/print\\?sheet=project&id=${first!.id}`));
    await expect(
      page.getByRole('heading', { level: 1, name: text.project(first!.number, first!.name) }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: text.contacts })).toBeVisible();
    await expect(page.getByText('Anne Byggeplass, 912 34 567')).toBeVisible();
    await expect(page.getByRole('heading', { name: text.process })).toBeVisible();
    await expect(page.getByRole('heading', { name: text.orders })).toBeVisible();
    await expect(page.getByRole('row', { name: /Ytterdør eik/ })).toBeVisible();
    await saveScreen(page, `print-${locale}-project`);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: text.print })).toBeHidden();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await saveScreen(page, `print-${locale}-project-paper`);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ media: 'screen' });
    await saveScreen(page, `print-${locale}-project-phone`);
    expect(consoleErrors).toEqual([]);
  });
}
