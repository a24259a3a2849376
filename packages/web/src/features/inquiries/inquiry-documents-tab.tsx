import type { DownloadLinkRequest, FileDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewerDialog, notifyError, notifySuccess, PdfViewerDialog, useConfirm } from '@/components';
import { useDeleteInquiryDocument, useUploadInquiryDocument } from '@/lib/api/inquiries';
import { downloadThroughLink, useDownloadLink } from '@/lib/download-links';
import { ApiError } from '@/lib/http';

/**
 * SPEC §3 inquiry documents: upload, open in the PDF or image viewer, delete after asking. Read only
 * (without inquiries.write), documents only open.
 */
export const InquiryDocumentsTab = ({
  inquiryId,
  documents,
  isReadOnly = false,
}: {
  inquiryId: string;
  documents: FileDto[];
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation('inquiries');
  const confirm = useConfirm();
  const upload = useUploadInquiryDocument();
  const remove = useDeleteInquiryDocument();
  const [open, setOpen] = useState<FileDto | null>(null);
  const linkTo = (file: FileDto): DownloadLinkRequest => ({
    kind: 'file',
    id: file.id,
    type: 'document',
    entityId: inquiryId,
  });
  const openUrl = useDownloadLink(open && linkTo(open), (error) => {
    setOpen(null);
    notifyError(error);
  });

  const add = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ inquiryId, file });
      notifySuccess(t('documents.uploaded', { name: file.name }));
    } catch (error) {
      notifyError(error);
    }
  };

  const deleteDocument = async (file: FileDto) => {
    const isConfirmed = await confirm({
      title: t('documents.deleteTitle'),
      message: t('documents.deleteMessage', { name: file.originalName }),
      confirmLabel: t('documents.delete'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ inquiryId, fileId: file.id });
      notifySuccess(t('documents.deleted'));
    } catch (error) {
      // SPEC §8: the server refused, or the request never got an answer.
      notifyError(
        new Error(t(error instanceof ApiError ? 'documents.deleteFailedOnServer' : 'documents.deleteFailed')),
      );
    }
  };

  const show = (file: FileDto) => {
    if (file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/')) setOpen(file);
    // Other kinds are served as attachments: the browser saves them.
    else downloadThroughLink(linkTo(file), file.originalName).catch(notifyError);
  };

  return (
    <Stack gap="sm">
      {!isReadOnly && (
        <Group>
          <FileButton onChange={(file) => void add(file)}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {t('documents.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      )}
      {documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('documents.none')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {documents.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => show(file)}>
                    {file.originalName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(file.createdAt.slice(0, 10))}</Table.Td>
                {!isReadOnly && (
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('documents.deleteNamed', { name: file.originalName })}
                      onClick={() => void deleteDocument(file)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PdfViewerDialog
        opened={open?.mimeType === 'application/pdf'}
        onClose={() => setOpen(null)}
        fileName={open?.originalName ?? ''}
        url={openUrl}
      />
      <ImageViewerDialog
        opened={open?.mimeType.startsWith('image/') ?? false}
        onClose={() => setOpen(null)}
        images={open ? [{ url: openUrl ?? '', name: open.originalName }] : []}
      />
    </Stack>
  );
};
