import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Both journeys sign in as the same administrator and switch their language: one at a time.
test.describe.configure({ mode: 'serial' });

test('an administrator renames a project category in Norwegian and sees it in the project dialog', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const renamed = `Idrettshall ${Date.now()}`;
  const session = await apiSignIn(E2E_ADMINS.collections, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });

  try {
    await signInPage(page, E2E_ADMINS.collections);
    await page.goto('/admin?tab=projects');
    const list = page.locator('[data-collection="projectCategory"]');
    await expect(list.getByRole('heading', { name: 'Prosjektkategorier' })).toBeVisible();
    await saveScreen(page, 'collections-projects-nb');

    await list.getByRole('button', { name: 'Rediger: Idrettsanlegg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger verdi' });
    await dialog.getByRole('textbox', { name: /Norsk/ }).fill(renamed);
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Listen ble lagret.')).toBeVisible();
    await expect(list.locator('[data-value-key="sportsFacility"]').getByText(renamed)).toBeVisible();

    await page.goto('/projects');
    await page.getByRole('main').getByRole('button', { name: 'Nytt prosjekt' }).click();
    const project = page.getByRole('dialog', { name: 'Nytt prosjekt' });
    await project.getByRole('combobox', { name: 'Prosjektkategori' }).click();
    await expect(page.getByRole('option', { name: renamed })).toBeVisible();
    await page.getByRole('option', { name: renamed }).click();
    await expect(project.getByRole('combobox', { name: 'Prosjektkategori' })).toHaveValue(renamed);
    await saveScreen(page, 'collections-project-dialog-nb');

    // In English the same value keeps its English name.
    await session.request('user:update-profile', { locale: 'en' });
    await page.goto('/admin?tab=projects');
    await expect(page.getByRole('heading', { name: 'Project categories' })).toBeVisible();
    await saveScreen(page, 'collections-projects-en');

    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=inquiry');
    await expect(page.getByRole('heading', { name: 'Customer categories' })).toBeVisible();
    await saveScreen(page, 'collections-inquiry-phone', { fullPage: false });
  } finally {
    // Other journeys see the demo company's lists as Karm ships them.
    const list = await session.request('collection:get', { collection: 'projectCategory' });
    const value = list.values.find((candidate) => candidate.key === 'sportsFacility');
    if (value && value.labels.nb !== 'Idrettsanlegg') {
      await session.request('collection:upd', {
        collection: 'projectCategory',
        key: 'sportsFacility',
        version: value.version,
        values: { labels: { en: value.labels.en, nb: 'Idrettsanlegg' } },
      });
    }
    session.close();
  }
});

test('an administrator adds a department in Norwegian, picks it in the project dialog and deletes it again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Avdeling Vest ${Date.now()}`;
  const session = await apiSignIn(E2E_ADMINS.collections, E2E_PASSWORD);
  await session.request('user:update-profile', { locale: 'nb' });
  try {
    await signInPage(page, E2E_ADMINS.collections);
    await page.goto('/admin?tab=projects');
    const departments = page.locator('[data-departments]');
    await departments.getByRole('button', { name: 'Legg til avdeling' }).click();
    const dialog = page.getByRole('dialog', { name: 'Legg til avdeling' });
    await dialog.getByRole('textbox', { name: /Navn/ }).fill(name);
    await dialog.getByRole('textbox', { name: 'Nummer' }).fill('70');
    await dialog.getByRole('button', { name: 'Lagre' }).click();
    await expect(page.getByText('Avdelingen ble lagret.')).toBeVisible();
    const row = departments.locator(`[data-department="${name}"]`);
    await expect(row.getByText('Karm')).toBeVisible();
    await saveScreen(page, 'departments-projects-tab-nb');

    await page.goto('/projects');
    await page.getByRole('main').getByRole('button', { name: 'Nytt prosjekt' }).click();
    const project = page.getByRole('dialog', { name: 'Nytt prosjekt' });
    await project.getByRole('combobox', { name: 'Avdeling' }).click();
    await expect(page.getByRole('option', { name })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=projects');
    await departments
      .locator(`[data-department="${name}"]`)
      .getByRole('button', { name: `Slett: ${name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Slett' }).click();
    await expect(page.getByText('Avdelingen ble slettet.')).toBeVisible();
    await expect(departments.locator(`[data-department="${name}"]`)).toHaveCount(0);
  } finally {
    const left = (await session.request('department:list', {})).find(
      (department) => department.name === name,
    );
    if (left) await session.request('department:del', { id: left.id, version: left.version });
    session.close();
  }
});
