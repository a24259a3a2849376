import { ActionIcon, Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../app-dialog/app-dialog';

/** `url` is empty while its signed link is being fetched (`useDownloadLink`); a loader shows. */
export type ViewerImage = { url: string; name: string };

export type ImageViewerDialogProps = {
  opened: boolean;
  onClose: () => void;
  images: ViewerImage[];
  /** The image shown first each time the dialog opens. @default 0 */
  startIndex?: number;
};

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Browses a set of images: previous / next (buttons or arrow keys), a counter, zoom and download. */
export const ImageViewerDialog = ({ opened, onClose, images, startIndex = 0 }: ImageViewerDialogProps) => {
  const { t } = useTranslation('components');
  const [index, setIndex] = useState(startIndex);
  const [isZoomed, setZoomed] = useState(false);
  const last = images.length - 1;
  const current = images[Math.min(index, last)];

  useEffect(() => {
    if (opened) setIndex(startIndex);
  }, [opened, startIndex]);

  const go = (next: number) => {
    if (next < 0 || next > last) return;
    setIndex(next);
    setZoomed(false);
  };

  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft') go(index - 1);
      if (event.key === 'ArrowRight') go(index + 1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  });

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={current?.name ?? t('imageViewer.empty')}
      size="xl"
      footerExtra={
        current?.url && (
          <Button
            component="a"
            href={current.url}
            download={current.name}
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t('imageViewer.download')}
          </Button>
        )
      }
    >
      {current ? (
        <>
          <Group justify="center" gap="xs" mb="sm">
            <ActionIcon
              variant="default"
              aria-label={t('imageViewer.previous')}
              disabled={index <= 0}
              onClick={() => go(index - 1)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text size="sm" aria-live="polite" miw={56} ta="center">
              {t('imageViewer.counter', { current: Math.min(index, last) + 1, total: images.length })}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t('imageViewer.next')}
              disabled={index >= last}
              onClick={() => go(index + 1)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={isZoomed ? t('imageViewer.zoomOut') : t('imageViewer.zoomIn')}
              aria-pressed={isZoomed}
              onClick={() => setZoomed((value) => !value)}
            >
              {isZoomed ? <IconZoomOut size={18} /> : <IconZoomIn size={18} />}
            </ActionIcon>
          </Group>
          <Box style={{ overflow: 'auto', textAlign: 'center' }}>
            {/* Fitted by default; zoomed shows the image at its own size and the box scrolls. */}
            {!current.url ? (
              <Center mih="40vh">
                <Loader aria-label={t('imageViewer.loading')} />
              </Center>
            ) : (
              <img
                src={current.url}
                alt={current.name}
                data-zoomed={isZoomed || undefined}
                style={
                  isZoomed
                    ? { maxWidth: 'none' }
                    : { maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }
                }
              />
            )}
          </Box>
        </>
      ) : (
        <Text c="dimmed">{t('imageViewer.empty')}</Text>
      )}
    </AppDialog>
  );
};
