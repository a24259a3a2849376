import { type ExportFormat, type ExportList, exportPath, isErrorPayload } from '@karm/domain/contract';
import { getAccessToken } from './access-token';
import { API_BASE, ApiError } from './http';

/**
 * Downloads a list's export (`POST /api/exports/<list>` with the list's current filters): fetched with
 * the session's `token` header — never a token in a URL — read as it streams (`onProgress` gets the
 * bytes so far) and handed to the browser to save under the server's file name. No 10-second limit:
 * a long list takes longer; `signal` cancels, which stops the server too.
 */
export const downloadExport = ({
  list,
  format,
  locale,
  filters,
  onProgress,
  signal,
}: {
  list: ExportList;
  format: ExportFormat;
  locale: 'en' | 'nb';
  filters: unknown;
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}): Promise<{ fileName: string; bytes: number }> =>
  downloadFile({
    path: exportPath(list),
    body: { format, locale, filters },
    fallbackName: `${list}.${format}`,
    onProgress,
    signal,
  });

/**
 * Downloads a file the server streams in answer to a POST (a list's export, a report's table):
 * fetched with the session's `token` header, read as it arrives and saved under the server's name.
 */
export const downloadFile = async ({
  path,
  body,
  fallbackName,
  onProgress,
  signal,
}: {
  path: string;
  body: unknown;
  fallbackName: string;
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}): Promise<{ fileName: string; bytes: number }> => {
  const token = getAccessToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const data: unknown = await response.json().catch(() => undefined);
    throw new ApiError(
      isErrorPayload(data) ? data : { code: 'INTERNAL', message: `HTTP ${response.status}` },
    );
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress?.(bytes);
  }
  const url = URL.createObjectURL(
    new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
  );
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the browser's download; a moment later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return { fileName, bytes };
};
