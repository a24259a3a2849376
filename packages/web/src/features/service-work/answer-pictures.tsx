import { Button, Image, Loader, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewerDialog } from '@/components';
import { useDownloadLink } from '@/lib/download-links';

/**
 * The camera button: on a phone `capture="environment"` opens the back camera at once, elsewhere it
 * chooses a picture file. The server turns it upright, scales it and keeps a thumbnail.
 */
export const CameraButton = ({
  label,
  onPicked,
  isUploading,
  disabled,
}: {
  label: string;
  onPicked: (file: File) => void;
  isUploading: boolean;
  disabled?: boolean;
}) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <VisuallyHidden>
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          disabled={disabled}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onPicked(file);
          }}
        />
      </VisuallyHidden>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconCamera size={18} />}
        loading={isUploading}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        aria-hidden
        tabIndex={-1}
      >
        {label}
      </Button>
    </>
  );
};

/** A stored picture as its thumbnail; tapping it opens the picture itself in the image viewer. */
export const PictureThumb = ({
  fileId,
  name,
  size = 72,
}: {
  fileId: string;
  name: string;
  size?: number;
}) => {
  const { t } = useTranslation('serviceWork');
  const [isOpen, setOpen] = useState(false);
  const thumbnail = useDownloadLink({ kind: 'file', id: fileId, variant: 'thumbnail' });
  const full = useDownloadLink(isOpen ? { kind: 'file', id: fileId } : null);
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t('answering.openPicture', { name })}>
        {thumbnail ? (
          <Image src={thumbnail} alt={name} w={size} h={size} radius="sm" fit="cover" />
        ) : (
          <Loader size="sm" m={size / 2 - 9} />
        )}
      </UnstyledButton>
      <ImageViewerDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        images={[{ url: full ?? '', name }]}
      />
    </>
  );
};
