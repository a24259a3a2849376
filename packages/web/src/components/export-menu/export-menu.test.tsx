import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { renderWithProviders } from '@/test/render';
import { ExportMenu } from './export-menu';

const FILTERS = { who: 'alle', status: 'all', searchQuery: 'skole' };

describe('ExportMenu', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setAccessToken('session-token');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    act(() => notifications.clean());
    vi.unstubAllGlobals();
  });

  it('posts the list’s filters with the session header (no token in the URL) and says when it is saved', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFFProject no.;Name\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="projects-27.11.2026.csv"',
        },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<ExportMenu list="projects" filters={FILTERS} />);
    await userEvent.click(screen.getByRole('button', { name: /export/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/exports/projects');
    expect(url).not.toContain('token');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).token).toBe('session-token');
    expect(JSON.parse(String(init.body))).toEqual({ format: 'csv', locale: 'en', filters: FILTERS });
    expect(await screen.findByText(/projects-27\.11\.2026\.csv/)).toBeInTheDocument();
  });

  it('shows the server’s refusal as an error toast', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'Forbidden' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithProviders(<ExportMenu list="logs" filters={{}} />);
    await userEvent.click(screen.getByRole('button', { name: /export/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /XLSX/ }));
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
  });
});
