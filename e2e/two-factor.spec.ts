import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiSignIn } from './support/api';
import { expect, signInPage, test } from './support/fixtures';
import { saveScreen } from './support/screenshot';
import { E2E_ADMINS, E2E_PASSWORD, E2E_USERS } from './support/users';
import { PHONE } from './support/viewports';

/**
 * What the person's authenticator app shows for the key read off the screen. `stepsAhead` = 1 is
 * the next 30-second code, which the server accepts too (phones drift) and which is always later
 * than a code just used: codes work once, and the journey does not wait for a new one.
 */
const codeFrom = (manualKey: string, stepsAhead = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(manualKey.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });

const TEXTS = {
  en: {
    turnOn: 'Turn on two-factor sign-in',
    setUp: 'Set up two-factor sign-in',
    codeFromApp: /^Code from the app/,
    confirm: 'Confirm code',
    recoveryTitle: 'Save your recovery codes',
    saved: 'I have saved my recovery codes',
    continue: 'Continue',
    turnedOn: 'Two-factor sign-in is on',
    on: 'On',
    logout: 'Log out',
    username: 'E-mail or username',
    password: /^Password/,
    signIn: 'Sign in',
    code: /^Code/,
    verify: 'Verify',
    useRecovery: 'Use a recovery code instead',
    recoveryCode: /^Recovery code/,
    wrongCode: /The code is wrong/,
    dashboard: 'Dashboard',
  },
  nb: {
    turnOn: 'Slå på totrinnsinnlogging',
    setUp: 'Sett opp totrinnsinnlogging',
    codeFromApp: /^Kode fra appen/,
    confirm: 'Bekreft kode',
    recoveryTitle: 'Ta vare på gjenopprettingskodene',
    saved: 'Jeg har tatt vare på gjenopprettingskodene',
    continue: 'Fortsett',
    turnedOn: 'Totrinnsinnlogging er på',
    on: 'På',
    logout: 'Logg ut',
    username: 'E-post eller brukernavn',
    password: /^Passord/,
    signIn: 'Logg inn',
    code: /^Kode/,
    verify: 'Bekreft',
    useRecovery: 'Bruk en gjenopprettingskode i stedet',
    recoveryCode: /^Gjenopprettingskode/,
    wrongCode: /Koden er feil/,
    dashboard: 'Dashbord',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Turns two-factor sign-in on from the profile; returns the key shown and the recovery codes. */
const enableOnProfile = async (page: Page, text: Texts, screen: string) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: text.turnOn }).click();
  const dialog = page.getByRole('dialog', { name: text.setUp });
  const manualKey = (await dialog.getByTestId('manual-key').textContent()) ?? '';
  expect(manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await expect(dialog.locator('img')).toBeVisible();
  await saveScreen(page, `${screen}-setup`);
  await dialog.getByRole('textbox', { name: text.codeFromApp }).fill(codeFrom(manualKey));
  await dialog.getByRole('button', { name: text.confirm }).click();

  const codesDialog = page.getByRole('dialog', { name: text.setUp });
  await expect(codesDialog.getByTestId('recovery-code')).toHaveCount(10);
  await expect(codesDialog.getByText(text.recoveryTitle)).toBeVisible();
  const recoveryCodes = await codesDialog.getByTestId('recovery-code').allTextContents();
  await saveScreen(page, `${screen}-recovery-codes`);
  await codesDialog.getByRole('checkbox', { name: text.saved }).check();
  await codesDialog.getByRole('button', { name: text.continue }).click();
  await expect(page.getByText(text.turnedOn)).toBeVisible();
  await expect(page.getByTestId('two-factor-status')).toHaveText(text.on);
  await saveScreen(page, `${screen}-profile-on`);
  return { manualKey, recoveryCodes };
};

const signOut = async (page: Page, text: Texts) => {
  await page.getByRole('button', { name: text.logout }).last().click();
  await expect(page).toHaveURL(/\/login$/);
};

const passwordStep = async (page: Page, text: Texts, username: string) => {
  await page.getByLabel(text.username).fill(username);
  await page.getByLabel(text.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
};

/**
 * A retry starts where the first attempt did: a failed attempt may have left two-factor sign-in on,
 * so an administrator of the demo company turns it off for the journey's people first.
 */
test.beforeEach(async () => {
  if (test.info().retry === 0) return;
  const admin = await apiSignIn(E2E_ADMINS.company, E2E_PASSWORD);
  try {
    for (const username of [E2E_USERS.twoFactor, E2E_USERS.twoFactorNb]) {
      const { items } = await admin.request('users:list', { search: username, page: 1, pageSize: 10 });
      const person = items.find((candidate) => candidate.username === username);
      if (person) await admin.request('two-factor:reset-user', { userId: person.id });
    }
  } finally {
    admin.close();
  }
});

test('a user turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
  consoleErrors,
}) => {
  const text = TEXTS.en;
  await signInPage(page, E2E_USERS.twoFactor);
  const { manualKey, recoveryCodes } = await enableOnProfile(page, text, 'two-factor-en');
  await signOut(page, text);

  await passwordStep(page, text, E2E_USERS.twoFactor);
  const code = page.getByRole('textbox', { name: text.code });
  await expect(code).toBeFocused();
  await code.fill('000000');
  await page.getByRole('button', { name: text.verify }).click();
  await expect(page.getByText(text.wrongCode)).toBeVisible();
  await saveScreen(page, 'two-factor-en-code-step');
  await code.fill(codeFrom(manualKey, 1));
  await page.getByRole('button', { name: text.verify }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: text.dashboard })).toBeVisible();
  await signOut(page, text);

  await passwordStep(page, text, E2E_USERS.twoFactor);
  await page.getByRole('button', { name: text.useRecovery }).click();
  await page.getByRole('textbox', { name: text.recoveryCode }).fill(recoveryCodes[0] ?? '');
  await saveScreen(page, 'two-factor-en-recovery-step');
  await page.getByRole('button', { name: text.verify }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/profile');
  await expect(page.getByText('Unused recovery codes: 9')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('in Norwegian on a phone: turning it on and signing in with a code', async ({ page, consoleErrors }) => {
  const text = TEXTS.nb;
  await page.setViewportSize(PHONE);
  await signInPage(page, E2E_USERS.twoFactorNb);
  await page.goto('/profile');
  await page.getByText('Norsk (bokmål)').click();
  await expect(page.getByRole('button', { name: text.turnOn })).toBeVisible();
  await saveScreen(page, 'two-factor-nb-phone-profile-off');
  const { manualKey } = await enableOnProfile(page, text, 'two-factor-nb-phone');
  await signOut(page, text);

  await page.getByText('Norsk (bokmål)').click();
  await passwordStep(page, text, E2E_USERS.twoFactorNb);
  const code = page.getByRole('textbox', { name: text.code });
  await expect(code).toBeVisible();
  await saveScreen(page, 'two-factor-nb-phone-code-step');
  await code.fill(codeFrom(manualKey, 1));
  await page.getByRole('button', { name: text.verify }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: text.dashboard })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('an administrator of a company that requires it sets it up while signing in', async ({ page }) => {
  const text = TEXTS.en;
  await page.goto('/login');
  await passwordStep(page, text, E2E_ADMINS.twoFactor);
  await expect(page.getByText(/Your company requires two-factor sign-in for administrators/)).toBeVisible();
  const manualKey = (await page.getByTestId('manual-key').textContent()) ?? '';
  await saveScreen(page, 'two-factor-en-enrol-at-sign-in');
  await page.getByRole('textbox', { name: text.codeFromApp }).fill(codeFrom(manualKey));
  await page.getByRole('button', { name: text.confirm }).click();
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expect(page.getByRole('button', { name: text.continue })).toBeDisabled();
  await saveScreen(page, 'two-factor-en-enrol-recovery-codes');
  await page.getByRole('checkbox', { name: text.saved }).check();
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: text.dashboard })).toBeVisible();
});
