import {
  SERVICE_TEMPLATE_LIMITS,
  SERVICE_TEMPLATE_PURPOSES,
  type ServiceTemplateDto,
  type ServiceTemplatePurpose,
} from '@karm/domain/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminItemDialog, ON_WIDE_SCREENS, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useCan } from '@/lib/permissions';
import {
  createServiceEntity,
  useServiceTemplatePushes,
  useServiceTemplates,
  useTemplateMutation,
} from './service-templates-api';

const PAGE_SIZE = 20;

/** A new, empty template: its name and what it is for; the editor opens on it. */
const NewTemplateDialog = ({
  purpose,
  onClose,
  onCreated,
}: {
  purpose: ServiceTemplatePurpose;
  onClose: () => void;
  onCreated: (id: string) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const create = useTemplateMutation(createServiceEntity);
  const [name, setName] = useState('');
  const [info, setInfo] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <AdminItemDialog
      title={purpose === 'checklist' ? t('templates.newChecklistTitle') : t('templates.newTitle')}
      savedMessage={t('templates.created')}
      saving={create.isPending}
      isValid={() => {
        setError(name.trim() ? undefined : t('validation:required'));
        return name.trim() !== '';
      }}
      write={async () => {
        const created = await create.mutateAsync({
          entity: 'template',
          name: name.trim(),
          info: info.trim(),
          purpose,
        });
        onCreated(created.id);
      }}
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('templates.name')}
          withAsterisk
          data-autofocus
          maxLength={SERVICE_TEMPLATE_LIMITS.name}
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label={t('templates.info')}
          autosize
          minRows={2}
          maxLength={SERVICE_TEMPLATE_LIMITS.info}
          value={info}
          onChange={(event) => setInfo(event.currentTarget.value)}
        />
      </Stack>
    </AdminItemDialog>
  );
};

/**
 * The company's service templates by name (searched and paged on the server), each with its size,
 * version and how many projects use it; a name opens the editor. Administrators add new ones.
 */
export const TemplateList = ({
  templateHref,
}: {
  /** Where a template's name (and a new template) leads: its editor. */
  templateHref: (id: string) => string;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const navigate = useNavigate();
  const mayWrite = useCan('service-templates.write');
  const pagingTexts = usePagingTexts();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [isAdding, setAdding] = useState(false);
  // Service templates and quality checklists are built the same way; the list shows one kind.
  const [purpose, setPurpose] = useState<ServiceTemplatePurpose>('service');
  useServiceTemplatePushes();
  const templates = useServiceTemplates({ search: debouncedSearch, page, pageSize: PAGE_SIZE, purpose });
  return (
    <Card withBorder padding="md" data-template-list>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={4}>{t('templates.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('templates.description')}
            </Text>
          </div>
          {mayWrite && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
            >
              {t('templates.new')}
            </Button>
          )}
        </Group>
        <SegmentedControl
          aria-label={t('templates.purpose')}
          value={purpose}
          onChange={(next) => {
            setPurpose(next as ServiceTemplatePurpose);
            setPage(1);
          }}
          data={SERVICE_TEMPLATE_PURPOSES.map((value) => ({
            value,
            label: t(`templates.purposes.${value}`),
          }))}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        <TextInput
          aria-label={t('templates.search')}
          placeholder={t('templates.search')}
          leftSection={<IconSearch size={16} />}
          maw={360}
          maxLength={SERVICE_TEMPLATE_LIMITS.search}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <DataTable<ServiceTemplateDto>
          withTableBorder
          borderRadius="sm"
          minHeight={templates.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(templates)}
          records={templates.data?.items ?? []}
          totalRecords={templates.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={debouncedSearch ? t('templates.noMatch') : t('templates.empty')}
          {...pagingTexts}
          customRowAttributes={(template) => ({ 'data-template-id': template.id })}
          columns={[
            {
              accessor: 'name',
              title: t('templates.name'),
              render: (template) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={templateHref(template.id)} fw={500}>
                    {template.name}
                  </Anchor>
                  {template.info && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {template.info}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'groupCount',
              title: t('templates.size'),
              noWrap: true,
              ...ON_WIDE_SCREENS,
              render: (template) =>
                t('templates.sizeValue', { groups: template.groupCount, rows: template.rowCount }),
            },
            {
              accessor: 'version',
              title: t('templates.versionColumn'),
              noWrap: true,
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'usage',
              title: t('templates.usageColumn'),
              noWrap: true,
              render: (template) => (
                <Badge variant="light" color={template.usage > 0 ? 'blue' : 'gray'}>
                  {template.usage}
                </Badge>
              ),
            },
          ]}
        />
      </Stack>
      {isAdding && (
        <NewTemplateDialog
          purpose={purpose}
          onClose={() => setAdding(false)}
          onCreated={(id) => void navigate(templateHref(id))}
        />
      )}
    </Card>
  );
};
