import { createTestClock, type SignedInUser, startTestServer } from '../test-server';
import { assertConforming } from './contract-check';
import { FAKE_TRIPLETEX_TOKENS, startFakeTripletex } from './fake-tripletex';

/** Connects the user's company to the fake Tripletex (the user must be an admin). */
export const connectToFakeTripletex = async (admin: SignedInUser) => {
  const settings = await admin.client.request('accounting:get-settings');
  await admin.client.request('accounting:update-settings', {
    provider: 'tripletex',
    environment: 'test',
    ...FAKE_TRIPLETEX_TOKENS,
    externalCompanyId: '0',
    syncIntervalMinutes: 15,
    version: settings.version,
  });
};

/**
 * Karm's test server and a fake Tripletex over real HTTP on one clock (so "today" and "changed
 * since" agree on both sides), with an admin whose company is connected to the fake.
 */
export const startConnectedServer = async () => {
  const clock = createTestClock();
  const fake = await startFakeTripletex({ clock });
  const server = await startTestServer({ TRIPLETEX_BASE_URL: fake.url }, { clock });
  const admin = await server.signedInUser({ role: 'admin' });
  await connectToFakeTripletex(admin);
  return {
    server,
    fake,
    admin,
    close: async () => {
      fake.setDown(false);
      await server.close();
      await fake.close();
      // What Karm sent through the adapter, and what the fake answered, as Tripletex's document has it.
      assertConforming(fake.state.requests);
    },
  };
};
