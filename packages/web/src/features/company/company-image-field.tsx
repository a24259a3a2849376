import { Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, useConfirm } from '@/components';
import { useDownloadLink } from '@/lib/download-links';
import { useUploadCompanyImage } from './company-api';

export type CompanyImageFieldProps = {
  type: 'logo' | 'footer';
  fileId: string | null;
  /** The image the company has now and its link (file:get_default_file_url), if any. */
  saved: { fileId: string | null; url: string | undefined };
  isReadOnly: boolean;
  onChange: (fileId: string | null) => void;
  error?: string;
};

/**
 * The logo or footer image of every PDF: a preview, upload and remove. The saved image shows through
 * the company's default-file link; a new upload, not yet saved, through a link of its own.
 */
export const CompanyImageField = ({
  type,
  fileId,
  saved,
  isReadOnly,
  onChange,
  error,
}: CompanyImageFieldProps) => {
  const { t } = useTranslation('company');
  const confirm = useConfirm();
  const upload = useUploadCompanyImage();
  const isSaved = fileId !== null && fileId === saved.fileId;
  const uploadedUrl = useDownloadLink(fileId && !isSaved ? { kind: 'file', id: fileId, type } : null);
  const url = isSaved ? saved.url : uploadedUrl;
  const label = t(`fields.${type}`);

  // The saved image is deleted for good when the settings are saved without it.
  const remove = async () => {
    const isConfirmed =
      !isSaved ||
      (await confirm({
        title: t('images.removeTitle'),
        message: t('images.removeMessage', { image: label }),
        confirmLabel: t('images.remove'),
      }));
    if (isConfirmed) onChange(null);
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    try {
      onChange((await upload.mutateAsync({ type, file })).id);
    } catch (uploadError) {
      notifyError(uploadError);
    }
  };

  return (
    <Input.Wrapper label={label} description={t('images.hint')} error={error}>
      <Paper withBorder p="sm" mt={4}>
        {url ? (
          <Image src={url} alt={label} h={80} w="auto" maw="100%" fit="contain" />
        ) : (
          <Text c="dimmed" size="sm">
            {fileId ? '…' : t('images.none')}
          </Text>
        )}
        {fileId && !isSaved && (
          <Text size="xs" c="dimmed" mt={4} data-unsaved-image>
            {t('images.unsaved')}
          </Text>
        )}
        {!isReadOnly && (
          <Group gap="xs" mt="sm">
            <FileButton onChange={pick} accept="image/png,image/jpeg">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  loading={upload.isPending}
                  leftSection={<IconUpload size={14} />}
                  aria-label={`${t('images.upload')}: ${label}`}
                >
                  {t('images.upload')}
                </Button>
              )}
            </FileButton>
            {fileId && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => void remove()}
                aria-label={`${t('images.remove')}: ${label}`}
              >
                {t('images.remove')}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
};
