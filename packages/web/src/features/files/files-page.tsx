import {
  type DownloadLinkRequest,
  FILE_CONTENT_KINDS,
  FILE_OWNER_FILTERS,
  type FileContentKind,
  type FileListItemDto,
  type FileOwnerDto,
  type FileSortField,
  fileContentKindOf,
  PAGE_SIZES,
} from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { formatDateTime, formatFileSize } from '@karm/domain/rules';
import { Anchor, Box, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileWord,
  IconPhoto,
  IconSearch,
  IconVectorTriangle,
} from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DateInput,
  ImageViewerDialog,
  notifyError,
  ON_WIDE_SCREENS,
  PageHeader,
  PdfViewerDialog,
  usePagingTexts,
} from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { downloadThroughLink, useDownloadLink } from '@/lib/download-links';
import { savePageSize, usePageSize } from '@/lib/page-size';
import { type FilesQuery, useFilePushes, useFiles, useFileUploaders } from './files-api';

const ICONS: Record<FileContentKind | 'other', ReactNode> = {
  pdf: <IconFileTypePdf size={18} color="var(--mantine-color-red-7)" />,
  image: <IconPhoto size={18} color="var(--mantine-color-teal-7)" />,
  word: <IconFileWord size={18} color="var(--mantine-color-blue-7)" />,
  spreadsheet: <IconFileSpreadsheet size={18} color="var(--mantine-color-green-7)" />,
  drawing: <IconVectorTriangle size={18} color="var(--mantine-color-grape-7)" />,
  text: <IconFileText size={18} />,
  other: <IconFile size={18} />,
};

/** The table's sortable columns and the server's sort fields. */
const SORT_OF: Record<string, FileSortField> = { name: 'name', sizeBytes: 'size', uploadedAt: 'uploadedAt' };
const COLUMN_OF: Record<FileSortField, string> = {
  name: 'name',
  size: 'sizeBytes',
  uploadedAt: 'uploadedAt',
};

const kindOf = (file: FileListItemDto) => fileContentKindOf(file.mimeType) ?? 'other';
const isViewable = (file: FileListItemDto) => kindOf(file) === 'pdf' || kindOf(file) === 'image';

export type FilesPageProps = {
  /** Where a file's owner opens (an inquiry's dialog…); none for owners without a screen. */
  ownerHref?: (owner: FileOwnerDto) => string | null;
};

/**
 * "Files" (drawer): every file of the company the user may read, paged, searched, filtered and sorted
 * on the server. PDFs open in the PDF viewer, images in the image viewer, other files download.
 * Deleting stays with the owner's screen (a record's Documents tab, company settings, the profile),
 * where the change is written to the record's history and a file in use is replaced, not removed.
 */
export const FilesPage = ({ ownerHref }: FilesPageProps) => {
  const { t, i18n } = useTranslation('files');
  useFilePushes();
  const pagingTexts = usePagingTexts();
  const uploaders = useFileUploaders();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [ownerKind, setOwnerKind] = useState<FilesQuery['ownerKind']>(null);
  const [contentKind, setContentKind] = useState<FilesQuery['contentKind']>(null);
  const [uploadedBy, setUploadedBy] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const pageSize = usePageSize();
  const [sort, setSort] = useState<{ field: FileSortField; direction: 'asc' | 'desc' }>({
    field: 'uploadedAt',
    direction: 'desc',
  });
  const isRangeReversed = from !== null && to !== null && from > to;
  const files = useFiles({
    search: debounced,
    ownerKind,
    contentKind,
    uploadedBy,
    from,
    to: isRangeReversed ? null : to,
    page,
    pageSize,
    sort: sort.field,
    direction: sort.direction,
  });
  const [open, setOpen] = useState<FileListItemDto | null>(null);
  const linkTo = (file: FileListItemDto): DownloadLinkRequest => ({
    kind: 'file',
    id: file.id,
    type: file.type,
  });
  const openUrl = useDownloadLink(open && linkTo(open), (error) => {
    setOpen(null);
    notifyError(error);
  });
  const locale = (i18n.resolvedLanguage === 'nb' ? 'nb' : 'en') satisfies Locale;

  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const show = (file: FileListItemDto) => {
    if (isViewable(file)) setOpen(file);
    // Other kinds are served as attachments: the browser saves them.
    else downloadThroughLink(linkTo(file), file.name).catch(notifyError);
  };

  const ownerLabel = (owner: FileOwnerDto) => {
    const kind = t(`owners.${owner.kind}`);
    const numbered = owner.number === null ? kind : t('ownerNumbered', { kind, number: owner.number });
    return owner.name ? `${numbered} · ${owner.name}` : numbered;
  };

  const renderOwner = (file: FileListItemDto) => {
    if (!file.owner) return <Text c="dimmed">{t('owners.none')}</Text>;
    const label = ownerLabel(file.owner);
    const target = ownerHref?.(file.owner);
    return target ? (
      <Anchor component={Link} to={target} aria-label={t('openOwner', { owner: label })}>
        {label}
      </Anchor>
    ) : (
      <Text span>{label}</Text>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {/* Two filters a row on a phone, all six in one row on a wide screen. */}
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
          maxLength={200}
        />
        <Select
          label={t('ownerKind')}
          clearable
          value={ownerKind}
          onChange={(value) => filtered(setOwnerKind)(value as FilesQuery['ownerKind'])}
          data={FILE_OWNER_FILTERS.map((value) => ({ value, label: t(`owners.${value}`) }))}
        />
        <Select
          label={t('contentKind')}
          clearable
          value={contentKind}
          onChange={(value) => filtered(setContentKind)(value as FilesQuery['contentKind'])}
          data={FILE_CONTENT_KINDS.map((value) => ({ value, label: t(`contentKinds.${value}`) }))}
        />
        <Select
          label={t('uploadedBy')}
          clearable
          searchable
          value={uploadedBy}
          onChange={filtered(setUploadedBy)}
          data={(uploaders.data ?? []).map((user) => ({ value: user.id, label: user.displayName }))}
        />
        <DateInput label={t('from')} value={from} clearable onChange={filtered(setFrom)} />
        <DateInput
          label={t('to')}
          value={to}
          clearable
          onChange={filtered(setTo)}
          error={isRangeReversed ? t('validation:rangeFromBeforeTo') : undefined}
        />
      </SimpleGrid>
      <DataTable<FileListItemDto>
        withTableBorder
        borderRadius="sm"
        minHeight={180}
        highlightOnHover
        fetching={areRowsLoading(files)}
        records={files.data?.items ?? []}
        totalRecords={files.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[...PAGE_SIZES]}
        recordsPerPageLabel={t('recordsPerPage')}
        onRecordsPerPageChange={(size) => {
          setPage(1);
          void savePageSize(size).catch(notifyError);
        }}
        page={page}
        onPageChange={setPage}
        sortStatus={{ columnAccessor: COLUMN_OF[sort.field], direction: sort.direction }}
        onSortStatusChange={(status) => {
          const field = SORT_OF[status.columnAccessor as string] ?? 'uploadedAt';
          // A newly chosen column starts where people expect it: names A–Z, the largest and newest first.
          setSort({
            field,
            direction: field === sort.field ? status.direction : field === 'name' ? 'asc' : 'desc',
          });
          setPage(1);
        }}
        noRecordsText={t('empty')}
        {...pagingTexts}
        columns={[
          {
            accessor: 'name',
            title: t('columns.name'),
            sortable: true,
            render: (file) => (
              <Group gap="xs" wrap="nowrap" miw={180}>
                <Box style={{ flexShrink: 0, display: 'flex' }}>{ICONS[kindOf(file)]}</Box>
                <Anchor
                  component="button"
                  type="button"
                  ta="left"
                  style={{ wordBreak: 'break-word' }}
                  aria-label={t(isViewable(file) ? 'open' : 'download', { name: file.name })}
                  onClick={() => show(file)}
                >
                  {file.name}
                </Anchor>
              </Group>
            ),
          },
          {
            accessor: 'mimeType',
            title: t('columns.type'),
            render: (file) => t(`contentKinds.${kindOf(file)}`),
            ...ON_WIDE_SCREENS,
          },
          {
            accessor: 'sizeBytes',
            title: t('columns.size'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (file) => formatFileSize(file.sizeBytes, locale),
          },
          { accessor: 'owner', title: t('columns.owner'), render: renderOwner },
          {
            accessor: 'uploadedBy',
            title: t('columns.uploadedBy'),
            render: (file) => file.uploadedBy?.displayName ?? '',
            ...ON_WIDE_SCREENS,
          },
          {
            accessor: 'uploadedAt',
            title: t('columns.uploadedAt'),
            sortable: true,
            noWrap: true,
            render: (file) => formatDateTime(file.uploadedAt),
          },
        ]}
      />
      <PdfViewerDialog
        opened={open !== null && kindOf(open) === 'pdf'}
        onClose={() => setOpen(null)}
        fileName={open?.name ?? ''}
        url={openUrl}
      />
      <ImageViewerDialog
        opened={open !== null && kindOf(open) === 'image'}
        onClose={() => setOpen(null)}
        images={open ? [{ url: openUrl ?? '', name: open.name }] : []}
      />
    </Stack>
  );
};
