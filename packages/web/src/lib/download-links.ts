import type { DownloadLinkDto, DownloadLinkRequest } from '@karm/domain/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from './http';

/**
 * Files and PDFs the browser opens by itself (a frame, an image, a new tab) cannot send the `token`
 * header, and a session token in a URL would end up in logs, history and Referer headers. So the
 * app asks the server for a short-lived link to that one thing (POST /api/download-links), which
 * works without a session for five minutes.
 */
export const requestDownloadLink = (request: DownloadLinkRequest) =>
  http<DownloadLinkDto>('/download-links', { method: 'POST', body: request });

/**
 * How long a link is reused, e.g. when a viewer is opened again: well inside its five minutes, so a
 * viewer's download button still works for a while after the frame was shown.
 */
export const DOWNLOAD_LINK_REUSE_MS = 60_000;

export const downloadLinkQueryOptions = (request: DownloadLinkRequest) =>
  queryOptions({
    queryKey: ['download-link', request],
    queryFn: () => requestDownloadLink(request),
    staleTime: DOWNLOAD_LINK_REUSE_MS,
    gcTime: DOWNLOAD_LINK_REUSE_MS,
    retry: false,
  });

/**
 * The link to show in a viewer, fetched while `request` is set (pass `null` while the viewer is
 * closed). An open viewer keeps its link: it is not refreshed under it, which would reload the frame.
 */
export const useDownloadLink = (
  request: DownloadLinkRequest | null,
  onError?: (error: unknown) => void,
): string | undefined => {
  const query = useQuery({
    ...downloadLinkQueryOptions(request ?? { kind: 'file', id: '' }),
    enabled: request !== null,
  });
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const error = request ? query.error : null;
  useEffect(() => {
    if (error) onErrorRef.current?.(error);
  }, [error]);
  return request ? query.data?.url : undefined;
};

/** Fetches a link and lets the browser save what it points to (files no viewer shows). */
export const downloadThroughLink = async (request: DownloadLinkRequest, fileName: string) => {
  const { url } = await requestDownloadLink(request);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};
