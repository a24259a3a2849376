import { USER_LIST_STATUSES, type UserAdminDto, type UserListStatus } from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Badge, Group, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu, errorMessageOf, ON_WIDE_SCREENS, SectionHeader, usePagingTexts } from '@/components';
import { areRowsLoading } from '@/lib/api/rows-loading';
import { useAuthStore } from '@/lib/store/auth-store';
import { RoleBadge } from './role-badge';
import { UserDialog } from './user-dialog';
import { useUserPushes, useUsers } from './users-api';

export const USERS_PAGE_SIZE = 20;

const STATUS_LABELS: Record<UserListStatus, string> = {
  all: 'list.statusAll',
  active: 'list.statusActive',
  inactive: 'list.statusInactive',
};

const StateBadge = ({ user }: { user: UserAdminDto }) => {
  const { t } = useTranslation('users');
  const [colour, label] = !user.isActive
    ? ['gray', 'list.inactive']
    : user.isInvitationPending
      ? ['yellow', 'list.invited']
      : ['green', 'list.active'];
  return (
    <Badge color={colour} variant="light" style={{ minWidth: 'max-content' }}>
      {t(label)}
    </Badge>
  );
};

/** Admin tab "Users": the company's users, searched and paged on the server; a click opens one. */
export const UsersTab = () => {
  const { t } = useTranslation('users');
  const paging = usePagingTexts();
  const signedInUserId = useAuthStore((state) => state.user?.id);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UserListStatus>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  useUserPushes();
  const listFilters = { search: debouncedSearch, status };
  const users = useUsers({ ...listFilters, page, pageSize: USERS_PAGE_SIZE });

  return (
    <Stack gap="sm">
      <SectionHeader title={t('list.title')} description={t('list.description')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={200}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="users-status-label">
            {t('list.status')}
          </Text>
          <SegmentedControl
            aria-labelledby="users-status-label"
            value={status}
            onChange={(value) => {
              setStatus(value as UserListStatus);
              setPage(1);
            }}
            data={USER_LIST_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
          />
        </Stack>
        <ExportMenu list="users" filters={listFilters} />
      </Group>
      {users.isError ? (
        <Alert color="red">{errorMessageOf(users.error)}</Alert>
      ) : (
        <DataTable<UserAdminDto>
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          minHeight={users.data?.items.length ? undefined : 160}
          fetching={areRowsLoading(users)}
          records={users.data?.items ?? []}
          totalRecords={users.data?.total ?? 0}
          recordsPerPage={USERS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsText={t('list.empty')}
          {...paging}
          onRowClick={({ record }) => setOpenId(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            'data-user-id': record.id,
            tabIndex: 0,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'Enter') setOpenId(record.id);
            },
          })}
          columns={[
            {
              accessor: 'fullName',
              title: t('list.name'),
              render: (user) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {user.fullName}
                  </Text>
                  {user.id === signedInUserId && (
                    <Badge size="xs" variant="outline" style={{ minWidth: 'max-content' }}>
                      {t('list.you')}
                    </Badge>
                  )}
                  {!user.isManageable && (
                    <Tooltip label={t('list.sharedHint')} multiline w={260}>
                      <IconLock size={14} aria-label={t('list.sharedHint')} />
                    </Tooltip>
                  )}
                </Group>
              ),
            },
            { accessor: 'username', title: t('list.username') },
            { accessor: 'email', title: t('list.email'), ...ON_WIDE_SCREENS },
            { accessor: 'phone', title: t('list.phone'), ...ON_WIDE_SCREENS },
            { accessor: 'role', title: t('list.role'), render: (user) => <RoleBadge role={user.role} /> },
            {
              accessor: 'userType',
              title: t('list.userType'),
              render: (user) => t(`userTypes.${user.userType}`, { defaultValue: user.userType }),
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'employee',
              title: t('list.employee'),
              render: (user) => user.employee?.displayName ?? '',
              ...ON_WIDE_SCREENS,
            },
            {
              accessor: 'lastSignedInAt',
              title: t('list.lastSignedIn'),
              noWrap: true,
              render: (user) =>
                user.lastSignedInAt ? (
                  formatDateTime(user.lastSignedInAt)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('list.never')}
                  </Text>
                ),
            },
            { accessor: 'isActive', title: t('list.state'), render: (user) => <StateBadge user={user} /> },
          ]}
        />
      )}
      <UserDialog userId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
};
