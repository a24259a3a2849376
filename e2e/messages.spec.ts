import type { Browser, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_BASE_URL, E2E_MESSAGE_USERS, E2E_PASSWORD } from './support/users';
import { PHONE } from './support/viewports';

// Issue 17, internal messages: a colleague's message arrives in the reader's open browser without a
// reload; reading it moves the current message on to the next unread one (SPEC §4); deleting it for
// everyone takes it out of both browsers at once; the admin tab shows who has read what; the same in
// Norwegian; the screen on a desktop and on a phone.

type Person = { username: string };
const nameOf = (person: Person) => `E2E ${person.username.replace('e2e-', '')}`;

/** A browser of its own for one person, signed in, in their language, on the messages screen. */
const openAs = async (
  browser: Browser,
  person: Person,
  locale: 'en' | 'nb',
  viewport = { width: 1280, height: 800 },
) => {
  const session = await apiSignIn(person.username, E2E_PASSWORD);
  await session.request('user:update-profile', { locale });
  session.close();
  // A context of its own does not take the project's `use`: name what the journeys rely on.
  const context = await browser.newContext({
    viewport,
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Oslo',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signInPage(page, person.username);
  await page.goto('/messages');
  return { context, page };
};

/** Sends over the API, as another tab of the sender would. */
const sendOverApi = async (from: Person, to: string, message: string) => {
  const session = await apiSignIn(from.username, E2E_PASSWORD);
  try {
    const { users } = await session.request('message:recipients', {});
    const userId = users.find((user) => user.name === to)?.id;
    expect(userId, to).toBeDefined();
    return await session.request('message:send', {
      message,
      to: { kind: 'users', userIds: [userId as string] },
    });
  } finally {
    session.close();
  }
};

const composeTo = async (
  page: Page,
  texts: { newMessage: string; recipients: string; send: string },
  to: string,
  message: string,
) => {
  await page.getByRole('button', { name: texts.newMessage }).click();
  const dialog = page.getByRole('dialog', { name: texts.newMessage });
  await dialog.getByRole('combobox', { name: texts.recipients }).click();
  await dialog.getByRole('combobox', { name: texts.recipients }).fill(to.slice(0, 12));
  await page.getByRole('option', { name: to, exact: true }).click();
  await dialog.getByRole('textbox', { name: /^(Message|Melding)/ }).fill(message);
  return dialog;
};

const rowOf = (page: Page, text: string) =>
  page.getByTestId('message-list').getByTestId('message-row').filter({ hasText: text });

test('a message arrives live, reading moves on to the next unread, deleting takes it from both browsers', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { sender, reader, admin } = E2E_MESSAGE_USERS;
  const stamp = Date.now();
  const older = `Eldre melding ${stamp}`;
  const fresh = `Husk befaring på Lørenskog skole i morgen kl. 08 ${stamp}`;
  await sendOverApi(sender, nameOf(reader), older);

  const senderBrowser = await openAs(browser, sender, 'en');
  const readerBrowser = await openAs(browser, reader, 'en');
  try {
    const readerPage = readerBrowser.page;
    await expect(readerPage.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible();
    await expect(rowOf(readerPage, older)).toBeVisible();
    const before = Number((await readerPage.getByTestId('header-messages-count').innerText()).trim() || '0');

    // The sender writes; the reader's open browser shows it without a reload.
    const dialog = await composeTo(
      senderBrowser.page,
      { newMessage: 'New message', recipients: 'Recipients', send: 'Send' },
      nameOf(reader),
      fresh,
    );
    await saveScreen(senderBrowser.page, 'messages-compose-en');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(senderBrowser.page.getByText('Message sent')).toBeVisible();
    await expect(rowOf(readerPage, fresh)).toBeVisible();
    await expect(readerPage.getByText(`New message from ${nameOf(sender)}`)).toBeVisible();
    await expect(readerPage.getByTestId('header-messages-count')).toContainText(String(before + 1));

    // The header's compact list: at most 10 unread, each cut to 10 characters and an ellipsis (SPEC §9).
    await readerPage.getByTestId('header-messages').click();
    const compact = readerPage.getByTestId('unread-messages');
    await expect(compact.getByText('Husk befar…')).toBeVisible();
    expect(await compact.getByTestId('unread-message').count()).toBeLessThanOrEqual(10);
    await saveScreen(readerPage, 'messages-header-en', { fullPage: false });
    await compact.getByText('Husk befar…').click();

    // It is the current message; marking it read moves on to the next unread one (SPEC §4).
    const pane = readerPage.getByTestId('message-reader');
    await expect(pane.getByTestId('message-text')).toHaveText(fresh);
    await saveScreen(readerPage, 'messages-inbox-en');
    await pane.getByRole('button', { name: 'Mark as read' }).click();
    await expect(readerPage.getByText('Marked as read')).toBeVisible();
    await expect(pane.getByTestId('message-text')).toHaveText(older);
    await expect(rowOf(readerPage, fresh)).not.toHaveAttribute('data-unread', 'true');
    await expect(readerPage.getByTestId('header-messages-count')).toContainText(String(before));

    // The sender sees it read, and deletes it for everyone after being asked.
    const senderPage = senderBrowser.page;
    await senderPage.getByText('Sent', { exact: true }).click();
    await rowOf(senderPage, fresh).click();
    const senderPane = senderPage.getByTestId('message-reader');
    await expect(senderPane.getByTestId('message-text')).toHaveText(fresh);
    await expect(senderPane.getByText('Read by 1 of 1')).toBeVisible();
    await senderPane.getByRole('button', { name: 'Delete for everyone' }).click();
    const question = senderPage.getByRole('dialog', { name: 'Delete the message?' });
    await question.getByRole('button', { name: 'Delete for everyone' }).click();
    await expect(senderPage.getByText('Message deleted for everyone')).toBeVisible();
    await expect(rowOf(senderPage, fresh)).toBeHidden();
    await expect(rowOf(readerPage, fresh)).toBeHidden();
    await expect(rowOf(readerPage, older)).toBeVisible();
    await expect(pane.getByTestId('message-text')).toHaveText(older);
    await pane.getByRole('button', { name: 'Mark as read' }).click();
    await expect(pane.getByRole('button', { name: 'Mark as read' })).toBeHidden();

    // The admin tab: every message of the company with who has read it.
    const adminBrowser = await openAs(browser, admin, 'en');
    try {
      await adminBrowser.page.goto('/admin?tab=messages');
      const card = adminBrowser.page.getByTestId('admin-message').filter({ hasText: older });
      await expect(card.getByTestId('admin-read-count')).toHaveText('Read 1/1');
      await expect(card.getByText(nameOf(reader))).toBeVisible();
      await expect(adminBrowser.page.getByTestId('admin-message').filter({ hasText: fresh })).toHaveCount(0);
      await saveScreen(adminBrowser.page, 'messages-admin-en');
    } finally {
      await adminBrowser.context.close();
    }
  } finally {
    await senderBrowser.context.close();
    await readerBrowser.context.close();
  }
});

test('the same in Norwegian, on a phone: arrives live, read, removed from the own list after asking', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { senderNb: sender, readerNb: reader } = E2E_MESSAGE_USERS;
  const stamp = Date.now();
  const first = `Første melding ${stamp}`;
  const fresh = `Karmene til Økern står på rampe 2 🚪 ${stamp}`;
  await sendOverApi(sender, nameOf(reader), first);
  const senderBrowser = await openAs(browser, sender, 'nb');
  const readerBrowser = await openAs(browser, reader, 'nb', PHONE);
  try {
    const readerPage = readerBrowser.page;
    await expect(readerPage.getByRole('heading', { name: 'Meldinger', exact: true })).toBeVisible();
    await expect(rowOf(readerPage, first)).toBeVisible();

    const dialog = await composeTo(
      senderBrowser.page,
      { newMessage: 'Ny melding', recipients: 'Mottakere', send: 'Send' },
      nameOf(reader),
      fresh,
    );
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(senderBrowser.page.getByText('Meldingen er sendt')).toBeVisible();
    await expect(rowOf(readerPage, fresh)).toBeVisible();

    await rowOf(readerPage, fresh).click();
    const pane = readerPage.getByTestId('message-reader');
    await expect(pane.getByTestId('message-text')).toHaveText(fresh);
    await saveScreen(readerPage, 'messages-inbox-nb-phone', { fullPage: false });
    await pane.getByRole('button', { name: 'Merk som lest' }).click();
    await expect(readerPage.getByText('Merket som lest')).toBeVisible();
    await expect(pane.getByTestId('message-text')).toHaveText(first);

    // A recipient removes it from their own list only, after being asked.
    await rowOf(readerPage, fresh).click();
    await expect(pane.getByTestId('message-text')).toHaveText(fresh);
    await pane.getByRole('button', { name: 'Fjern fra listen min' }).click();
    await readerPage
      .getByRole('dialog', { name: 'Fjerne meldingen?' })
      .getByRole('button', { name: 'Fjern fra listen min' })
      .click();
    await expect(readerPage.getByText('Meldingen er fjernet fra listen din')).toBeVisible();
    await expect(rowOf(readerPage, fresh)).toBeHidden();
    await readerPage.getByTestId('header-messages').click();
    await expect(readerPage.getByTestId('unread-messages').getByText('Første mel…')).toBeVisible();
    await expect(readerPage.getByRole('link', { name: 'Alle meldinger' })).toBeVisible();
    await saveScreen(readerPage, 'messages-header-nb-phone', { fullPage: false });

    // The sender still has it, read by one.
    const senderPage = senderBrowser.page;
    await senderPage.getByText('Sendt', { exact: true }).click();
    await rowOf(senderPage, fresh).click();
    await expect(senderPage.getByTestId('message-reader').getByTestId('message-text')).toHaveText(fresh);
    await expect(senderPage.getByTestId('message-reader').getByText('Lest av 1 av 1')).toBeVisible();
    await saveScreen(senderPage, 'messages-sent-nb');
  } finally {
    await senderBrowser.context.close();
    await readerBrowser.context.close();
  }
});
