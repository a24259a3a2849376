import { HELP_MARKDOWN_MAX_LENGTH } from '@karm/domain/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewHelpText } from './help-api';

/** Waits this long after the last key before asking the server for a preview. */
const PREVIEW_DELAY_MS = 300;

/**
 * The preview of what is being written, rendered and sanitised by the server exactly as a save would
 * store it. The stored text needs no round trip: its HTML is already known (`storedHtml`).
 */
export const useHelpPreview = (markdown: string, storedHtml: string | null) => {
  const [settled] = useDebouncedValue(markdown, PREVIEW_DELAY_MS);
  const isPreviewable = settled.trim() !== '' && settled.length <= HELP_MARKDOWN_MAX_LENGTH;
  const preview = useQuery({
    queryKey: ['help', 'preview', settled],
    queryFn: () => previewHelpText(settled),
    enabled: storedHtml === null && isPreviewable,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  if (storedHtml !== null) return { html: storedHtml, isError: false, isUpdating: false };
  if (markdown.trim() === '') return { html: '', isError: false, isUpdating: false };
  return {
    html: preview.data?.html ?? '',
    isError: preview.isError,
    isUpdating: settled !== markdown || preview.isFetching,
  };
};
