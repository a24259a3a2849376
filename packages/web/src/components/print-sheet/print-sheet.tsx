import { formatDateTime } from '@karm/domain/rules';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { errorMessageOf } from '../notify/notify';
import classes from './print-sheet.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The record a sheet prints (`?id=`), or null when the address names none (or not an id). */
export const printedId = (search: URLSearchParams) => {
  const id = search.get('id') ?? '';
  return UUID.test(id) ? id : null;
};

/** A4 portrait; only while a sheet is shown (React removes the style with it). */
const PAGE_STYLE = '@page { size: A4 portrait; margin: 12mm; }';

/**
 * The print page stands outside the signed-in layout: a sheet that reads data brings the app's
 * query cache with it (the same cache, so a record opened just before prints without a refetch).
 */
export const PrintQueries = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** What a sheet shows while its data loads, or when it cannot be read. */
export const PrintSheetState = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('components');
  if (error) return <Alert color="red">{errorMessageOf(error)}</Alert>;
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={t('printSheet.loading')} />
    </Group>
  );
};

/** A printed record or list: its title, when it was printed, then its sections. */
export const PrintSheetFrame = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation('components');
  return (
    <Stack gap="md" className={classes.sheet}>
      <style>{PAGE_STYLE}</style>
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('printSheet.printedAt', { at: formatDateTime(new Date()) })}
        </Text>
      </Group>
      {children}
    </Stack>
  );
};

/** A titled part of a sheet, kept on one page where it fits. */
export const PrintSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className={classes.section}>
    <Title order={2} size="h5" mb={4}>
      {title}
    </Title>
    {children}
  </section>
);

/** Labelled values; the empty ones are left out, so paper carries only what is known. */
export const PrintFields = ({ fields }: { fields: readonly (readonly [string, ReactNode])[] }) => (
  <dl className={classes.fields}>
    {fields
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
  </dl>
);

export type PrintColumn<Row> = {
  key: string;
  header: string;
  value: (row: Row) => ReactNode;
  /** Right-aligned, kept on one line (amounts, counts). */
  isNumber?: boolean;
};

/** A plain table for paper: every row, no paging, no controls. */
export const PrintTable = <Row,>({
  columns,
  rows,
  rowKey,
}: {
  columns: readonly PrintColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) => (
  <div className={classes.scroll}>
    <table className={classes.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" data-number={column.isNumber || undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} data-number={column.isNumber || undefined}>
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

/** "Print" on a screen or in a dialog: opens the record's or list's sheet on the print page. */
export const PrintLink = ({ to, label }: { to: string; label: string }) => (
  <Button component={Link} to={to} variant="default" leftSection={<IconPrinter size={16} />}>
    {label}
  </Button>
);
