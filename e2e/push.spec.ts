import { apiSignIn, setLocale } from './support/api';
import { inFullChromium } from './support/browser';
import { addDays, osloToday } from './support/dates';
import { expect, signInPage, test } from './support/fixtures';
import { journeyPushSubscription, pushesTo } from './support/pushes';
import { saveScreen } from './support/screenshot';
import { employeeIdOf, postTask } from './support/tasks';
import { E2E_BASE_URL, E2E_PASSWORD, E2E_SUBSCRIPTION_USERS } from './support/users';
import { PHONE } from './support/viewports';

// Issue 18, Web Push in the browser: a technician allows notifications on this device on
// /convert/subscriptions, switches on pushes for a task given to them, the leader gives one, the
// server's encrypted push arrives at the push service, and the app's service worker shows it.
//
// Chromium subscribes at Google's push service, which cannot be reached from here: the page's
// PushManager hands Karm the subscription of the push service the journeys' server runs on loopback
// (support/pushes.ts) instead. Everything else is the browser's and the server's own: permission,
// service worker, Karm's VAPID-signed, aes128gcm-encrypted message, and the worker's notification —
// delivered to the worker through Chromium's DevTools protocol, as the push service would.

test.use({ serviceWorkers: 'allow', ...inFullChromium });

const users = E2E_SUBSCRIPTION_USERS.push;

test('a device allows push notifications, and a task given to me shows as one', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const subscription = await journeyPushSubscription();
  const leader = await apiSignIn(users.leader, E2E_PASSWORD);
  const technician = await apiSignIn(users.technician, E2E_PASSWORD);
  try {
    // A retry starts over: nothing switched on, no device.
    await technician.request('subscriptions:notifications-save', { email: [], push: [], isDigest: false });
    for (const device of (await technician.request('subscriptions:get')).pushDevices) {
      await technician.request('subscriptions:push-remove', { id: device.id });
    }
    const employeeId = await employeeIdOf(leader, users.technician);

    await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
    await context.addInitScript((handed) => {
      const asSubscription = () => ({
        endpoint: handed.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: handed.endpoint, expirationTime: null, keys: handed.keys }),
        unsubscribe: async () => true,
      });
      let isSubscribed = false;
      PushManager.prototype.subscribe = async function subscribe() {
        isSubscribed = true;
        return asSubscription() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return (isSubscribed ? asSubscription() : null) as unknown as PushSubscription | null;
      };
    }, subscription);

    await setLocale(users.technician, 'en');
    await signInPage(page, users.technician);
    await page.goto('/convert/subscriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    const pushCard = page.getByRole('region', { name: 'This device' });
    await expect(pushCard.getByText('No device gets push notifications.')).toBeVisible();
    // The worker must be running before the app can subscribe through it.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active));

    await pushCard.getByRole('button', { name: 'Allow notifications on this device' }).click();
    await expect(page.getByText('This device now gets notifications').first()).toBeVisible();
    await expect(pushCard.getByRole('button', { name: 'This device gets notifications' })).toBeVisible();
    // The device is named by its browser and system (Playwright's desktop Chrome says Windows).
    await expect(
      pushCard.getByText(/^Chrome · Windows this device · since \d\d\.\d\d\.\d{4}$/),
    ).toBeVisible();

    // Push for a task given to me: switched on (the switch turns on when the server has it).
    const pushSwitch = page.getByRole('switch', { name: 'A task given to me: Push' });
    await pushSwitch.click({ force: true });
    await expect(pushSwitch).toBeChecked();
    await expect(page.getByText('Push on 1 device', { exact: true })).toBeVisible();
    await saveScreen(page, 'push-device-en');
    await page.setViewportSize(PHONE);
    await saveScreen(page, 'push-device-en-phone');

    const taskName = `Skift dørlukker ${stamp}`;
    await postTask(leader, { name: taskName, date: addDays(osloToday(), 1), assigneeId: employeeId });
    await expect
      .poll(
        async () =>
          (await pushesTo(subscription.endpoint)).find((push) => push.title === `New task: ${taskName}`),
        {
          timeout: 60_000,
        },
      )
      .toBeDefined();
    const pushed = (await pushesTo(subscription.endpoint)).find(
      (push) => push.title === `New task: ${taskName}`,
    )!;
    expect(pushed).toMatchObject({ tag: 'taskAssigned', url: expect.stringMatching(/^\//) });
    expect(String(pushed.body)).toContain('gave you a task for');

    // The push service hands the message to the browser's worker, which shows the notification.
    const devtools = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: E2E_BASE_URL,
      registrationId: await registrationId,
      data: JSON.stringify(pushed),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
          })),
        ),
      )
      .toContainEqual({ title: `New task: ${taskName}`, body: pushed.body });

    // Removing the device asks first; afterwards no device gets them.
    await pushCard.getByRole('button', { name: 'Remove device' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this device?' })
      .getByRole('button', { name: 'Remove device' })
      .click();
    await expect(page.getByText('Device removed').first()).toBeVisible();
    await expect(pushCard.getByText('No device gets push notifications.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  } finally {
    leader.close();
    technician.close();
  }
});
