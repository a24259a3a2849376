import type { Locale } from '@karm/domain/i18n';
import { Button, Center, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../app-dialog/app-dialog';
import { LanguageSelect } from '../language-select/language-select';

export type PdfViewerDialogProps = {
  opened: boolean;
  onClose: () => void;
  fileName: string;
  /**
   * A `blob:` URL or a signed `/api/…` link (`useDownloadLink` in `@/lib/download-links`); while it
   * is being fetched (`undefined`), a loader shows.
   */
  url: string | undefined;
  /** The document's language and a way to pick another (`useDocumentLanguage`); none for a stored file. */
  language?: { value: Locale; onChange: (locale: Locale) => void };
};

/** Shows a PDF in the browser's own viewer, titled with the file name (SPEC §2). */
export const PdfViewerDialog = ({ opened, onClose, fileName, url, language }: PdfViewerDialogProps) => {
  const { t } = useTranslation('components');
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={fileName}
      size="xl"
      footerExtra={
        <>
          {language && (
            <LanguageSelect
              label={t('pdfViewer.language')}
              value={language.value}
              onChange={language.onChange}
            />
          )}
          {/* A real link, so the browser saves the file under its name even for blob: URLs. */}
          {url && (
            <Button
              component="a"
              href={url}
              download={fileName}
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              {t('pdfViewer.download')}
            </Button>
          )}
        </>
      }
    >
      {url ? (
        <iframe
          title={fileName}
          src={url}
          style={{ display: 'block', width: '100%', height: '100%', minHeight: '70vh', border: 0 }}
        />
      ) : (
        <Center mih="70vh">
          <Loader aria-label={t('pdfViewer.loading')} />
        </Center>
      )}
    </AppDialog>
  );
};
