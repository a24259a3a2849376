import { Button, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/components';
import { useDownloadLink } from '@/lib/download-links';
import { useUploadCompanyImage } from './company-api';

export type CompanyImageFieldProps = {
  type: 'logo' | 'footer';
  fileId: string | null;
  isReadOnly: boolean;
  onChange: (fileId: string | null) => void;
  error?: string;
};

/** The logo or footer image of every PDF: a preview through a signed link, upload and remove. */
export const CompanyImageField = ({ type, fileId, isReadOnly, onChange, error }: CompanyImageFieldProps) => {
  const { t } = useTranslation('company');
  const upload = useUploadCompanyImage();
  const url = useDownloadLink(fileId ? { kind: 'file', id: fileId, type } : null);
  const label = t(`fields.${type}`);

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
          <Image src={url} alt={label} h={80} w="auto" fit="contain" />
        ) : (
          <Text c="dimmed" size="sm">
            {fileId ? '…' : t('images.none')}
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
                onClick={() => onChange(null)}
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
