import type { DownloadLinkRequest } from '@karm/domain/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/socket-mock';
import { downloadThroughLink, useDownloadLink } from './download-links';
import { ApiError, http } from './http';

vi.mock('./http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./http')>()),
  http: vi.fn(),
}));
const httpMock = vi.mocked(http);

const OFFER: DownloadLinkRequest = {
  kind: 'offer-pdf',
  id: '01900000-0000-7000-8000-0000000000a1',
  locale: 'nb',
};
const SIGNED = '/api/offers/01900000-0000-7000-8000-0000000000a1/pdf?locale=nb&exp=1&sig=abc';

const renderLink = (request: DownloadLinkRequest | null, onError?: (error: unknown) => void) => {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ current }) => useDownloadLink(current, onError), {
    wrapper,
    initialProps: { current: request },
  });
};

describe('useDownloadLink', () => {
  beforeEach(() => {
    httpMock.mockReset();
  });

  it('asks for nothing while there is nothing to show', () => {
    const { result } = renderLink(null);
    expect(result.current).toBeUndefined();
    expect(httpMock).not.toHaveBeenCalled();
  });

  it('asks the server for a signed link, with the session in the header only', async () => {
    httpMock.mockResolvedValue({ url: SIGNED, expiresAt: new Date().toISOString() });
    const { result, rerender } = renderLink(null);
    rerender({ current: OFFER });
    await waitFor(() => expect(result.current).toBe(SIGNED));
    expect(httpMock).toHaveBeenCalledExactlyOnceWith('/download-links', { method: 'POST', body: OFFER });
    expect(result.current).not.toContain('token=');
    rerender({ current: null });
    expect(result.current).toBeUndefined();
  });

  it('tells the caller when no link is given', async () => {
    const refused = new ApiError({ code: 'NOT_FOUND', message: 'Offer not found' });
    httpMock.mockRejectedValue(refused);
    const onError = vi.fn();
    const { result } = renderLink(OFFER, onError);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(refused));
    expect(result.current).toBeUndefined();
  });
});

describe('downloadThroughLink', () => {
  it('lets the browser save what the signed link points to, under its name', async () => {
    httpMock.mockResolvedValue({ url: '/api/file?id=f1&sig=abc', expiresAt: new Date().toISOString() });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await downloadThroughLink({ kind: 'file', id: 'f1' } as DownloadLinkRequest, 'tilbud.docx');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('/api/file?id=f1&sig=abc');
    expect(clicked[0]?.download).toBe('tilbud.docx');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });
});
