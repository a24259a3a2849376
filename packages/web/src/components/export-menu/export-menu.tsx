import type { ExportFormat, ExportList } from '@karm/domain/contract';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '@/lib/export-download';
import { notifyError, notifySuccess } from '../notify/notify';

export type ExportMenuProps = {
  list: ExportList;
  /** The list's current filters, exactly as its screen asks the server for a page. */
  filters: unknown;
};

const sizeText = (bytes: number, locale: string) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale)} kB`
    : `${(bytes / (1024 * 1024)).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;

/**
 * "Export" on a list screen: CSV or XLSX of everything the list's current filters select (not only
 * the page shown). While the file streams the button shows how much has arrived; a toast says how it
 * ended. Leaving the screen cancels the download, which stops the server's reading too.
 */
export const ExportMenu = ({ list, filters }: ExportMenuProps) => {
  const { t, i18n } = useTranslation('exports');
  const [received, setReceived] = useState<number | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const locale = i18n.language === 'nb' ? 'nb' : 'en';

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setReceived(0);
    try {
      const { fileName } = await downloadExport({
        list,
        format,
        locale,
        filters,
        onProgress: setReceived,
        signal: controller.signal,
      });
      notifySuccess(t('menu.done', { fileName }));
    } catch (error) {
      if (!controller.signal.aborted) notifyError(error, { title: t('menu.failed') });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      if (!controller.signal.aborted) setReceived(null);
    }
  };

  const isBusy = received !== null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={false}
          disabled={isBusy}
          aria-busy={isBusy}
          data-testid={`export-${list}`}
        >
          {isBusy ? t('menu.busy', { size: sizeText(received, i18n.language) }) : t('menu.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')}>
          {t('menu.xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => void run('csv')}>
          {t('menu.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
