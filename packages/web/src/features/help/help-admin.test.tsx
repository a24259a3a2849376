import type { HelpTextDto } from '@karm/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { changeLocale } from '@/lib/i18n';
import { request } from '@/lib/socket';
import { answer, inputsOf } from '@/test/socket-mock';
import { HelpAdmin } from './help-admin';
import { aHelpText, renderHelp } from './help-testing';

vi.mock('@/lib/socket', () => ({ request: vi.fn(), onPush: vi.fn(() => () => {}) }));
const requestMock = vi.mocked(request);

const TEXTS: HelpTextDto[] = [
  aHelpText(),
  aHelpText({
    locale: 'nb',
    source: 'company',
    markdown: 'Våre rutiner',
    html: '<p>Våre rutiner</p>',
    version: 3,
    updatedAt: '2026-11-24T09:05:00.000Z',
    updatedBy: { id: 'u2', displayName: 'Anne Admin' },
  }),
  aHelpText({ screen: 'calendar', source: 'none', markdown: '', html: '', hasDefault: false }),
  aHelpText({ screen: 'calendar', locale: 'nb', source: 'none', markdown: '', html: '', hasDefault: false }),
];

/** Answers help:preview by wrapping the Markdown, so the test sees which text was previewed. */
const previewOf = (markdown: string) => ({ html: `<p>Preview of ${markdown.replace(/\n/g, ' ')}</p>` });

beforeEach(async () => {
  requestMock.mockReset();
  await changeLocale('en');
});

const editorOfProjects = async () => {
  renderHelp(<HelpAdmin />, '/admin?tab=help&screen=projects');
  return screen.findByRole('textbox', { name: /Text \(Markdown\)/ });
};

// A whole admin tab with a select, tabs and preview per interaction: slow on a busy machine, like the other screens.
describe('HelpAdmin', { timeout: 20_000 }, () => {
  it("opens the screen named in the address with its built-in text and the server's preview", async () => {
    answer(requestMock, { 'help:list': () => TEXTS });
    const editor = await editorOfProjects();
    expect(editor).toHaveValue('## Projects\n\nThe list of projects.');
    expect(screen.getByRole('combobox', { name: 'Screen' })).toHaveValue('Projects');
    expect(screen.getByText("Karm's built-in text")).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    // The stored text needs no preview call.
    expect(inputsOf(requestMock, 'help:preview')).toHaveLength(0);
  });

  it('saves an edited text with a toast, previewing it as the server renders it', async () => {
    answer(requestMock, {
      'help:list': () => TEXTS,
      'help:preview': ({ markdown }) => previewOf(markdown),
      'help:save': (input) =>
        aHelpText({
          ...input,
          source: 'company',
          html: `<p>${input.markdown}</p>`,
          version: 1,
          updatedAt: '2026-11-24T13:45:00.000Z',
          updatedBy: { id: 'u1', displayName: 'Kari Nordmann' },
        }) as HelpTextDto,
    });
    const user = userEvent.setup();
    const editor = await editorOfProjects();
    await user.clear(editor);
    await user.paste('Ask Anne first');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Preview of Ask Anne first')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Help text saved')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'help:save')).toEqual([
      { screen: 'projects', locale: 'en', version: 0, markdown: 'Ask Anne first' },
    ]);
    expect(screen.getByText('Written by the company')).toBeInTheDocument();
    expect(screen.getByText('Changed 24.11.2026 14:45 by Kari Nordmann')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps unsaved text per language while switching, and edits the Norwegian text at its version', async () => {
    answer(requestMock, {
      'help:list': () => TEXTS,
      'help:preview': ({ markdown }) => previewOf(markdown),
      'help:save': (input) =>
        aHelpText({ ...input, source: 'company', version: input.version + 1 }) as HelpTextDto,
    });
    const user = userEvent.setup();
    await user.click(await editorOfProjects());
    await user.paste(' More.');
    await user.click(screen.getByRole('tab', { name: 'Norsk (bokmål)' }));
    const norwegian = screen.getByRole('textbox', { name: /Text \(Markdown\)/ });
    expect(norwegian).toHaveValue('Våre rutiner');
    expect(screen.getByText('Changed 24.11.2026 10:05 by Anne Admin')).toBeInTheDocument();
    await user.click(norwegian);
    await user.paste(' og mer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Help text saved');
    expect(inputsOf(requestMock, 'help:save')).toEqual([
      { screen: 'projects', locale: 'nb', version: 3, markdown: 'Våre rutiner og mer' },
    ]);
    await user.click(screen.getByRole('tab', { name: /English/ }));
    expect(screen.getByRole('textbox', { name: /Text \(Markdown\)/ })).toHaveValue(
      '## Projects\n\nThe list of projects. More.',
    );
  });

  it('asks to retrieve the newer text after a conflict', async () => {
    let isChanged = false;
    answer(requestMock, {
      'help:list': () =>
        isChanged
          ? TEXTS.map((text) =>
              text.screen === 'projects' && text.locale === 'en'
                ? {
                    ...text,
                    source: 'company' as const,
                    markdown: 'Newer words',
                    html: '<p>Newer words</p>',
                    version: 1,
                  }
                : text,
            )
          : TEXTS,
      'help:preview': ({ markdown }) => previewOf(markdown),
      'help:save': () => {
        isChanged = true;
        throw new ApiError({ code: 'CONFLICT', message: 'stale' });
      },
    });
    const user = userEvent.setup();
    await user.click(await editorOfProjects());
    await user.paste(' Mine.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Retrieve newer data' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Text \(Markdown\)/ })).toHaveValue('Newer words'),
    );
  });

  it('returns to the built-in text only after asking', async () => {
    const companyText = aHelpText({ source: 'company', markdown: 'Ours', html: '<p>Ours</p>', version: 4 });
    answer(requestMock, {
      'help:list': () => [companyText, ...TEXTS.slice(1)],
      'help:reset': () => aHelpText(),
    });
    const user = userEvent.setup();
    await editorOfProjects();
    await user.click(screen.getByRole('button', { name: 'Reset to built-in text' }));
    const question = await screen.findByRole('dialog', { name: 'Reset the help text?' });
    expect(question).toHaveTextContent("The company's text for Projects (English) is removed");
    await user.click(within(question).getByRole('button', { name: 'Reset to built-in text' }));
    expect(await screen.findByText('The built-in help text is shown again')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'help:reset')).toEqual([{ screen: 'projects', locale: 'en', version: 4 }]);
    expect(screen.getByRole('textbox', { name: /Text \(Markdown\)/ })).toHaveValue(
      '## Projects\n\nThe list of projects.',
    );
  });

  it('refuses to save an empty text before asking the server', async () => {
    answer(requestMock, { 'help:list': () => TEXTS });
    const user = userEvent.setup();
    renderHelp(<HelpAdmin />, '/admin?tab=help&screen=calendar');
    const editor = await screen.findByRole('textbox', { name: /Text \(Markdown\)/ });
    expect(screen.getByText('No text yet')).toBeInTheDocument();
    await user.click(editor);
    await user.paste('   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(inputsOf(requestMock, 'help:save')).toHaveLength(0);
  });
});
