import {
  ADJUSTABLE_ROLES,
  type AdjustableRole,
  isAdminOnlyPermission,
  PERMISSION_AREAS,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  type RoleGrants,
} from '@karm/domain/contract';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy, IconLock, IconRestore } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorMessageOf,
  notifyError,
  notifySuccess,
  ScrollHint,
  SectionHeader,
  useConfirm,
} from '@/components';
import { ApiError } from '@/lib/http';
import { useRolePermissions, useUpdateRolePermissions } from './users-api';

const holds = (grants: RoleGrants, role: AdjustableRole, permission: Permission) =>
  grants[role].includes(permission);

const toggled = (grants: RoleGrants, role: AdjustableRole, permission: Permission): RoleGrants => ({
  ...grants,
  [role]: holds(grants, role, permission)
    ? grants[role].filter((held) => held !== permission)
    : PERMISSION_NAMES.filter((name) => name === permission || grants[role].includes(name)),
});

const isSame = (left: RoleGrants, right: RoleGrants) =>
  ADJUSTABLE_ROLES.every(
    (role) =>
      left[role].length === right[role].length && left[role].every((name) => right[role].includes(name)),
  );

/** Where a departure from the standard shows: a tinted cell (and words for screen readers). */
const DEPARTURE_BACKGROUND = 'var(--mantine-color-yellow-light)';
const ROLE_COLUMN_WIDTH = 88;
/**
 * The matrix scrolls inside its own box: the permission column stays at its left while the roles
 * scroll sideways (a phone shows one or two roles at a time), and the role names stay at its top
 * while the permissions scroll by.
 */
const stickyPermissionCell = (width: number) =>
  ({
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    width,
    minWidth: width,
    maxWidth: width,
  }) as const;
const STICKY_HEADER = {
  position: 'sticky',
  top: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
} as const;

/**
 * "Roles and permissions": which role holds which permission in this company, as a matrix grouped
 * by area. Administrators hold everything (their column is always on), the administrators-only
 * permissions are locked, and every departure from the standard is marked. Saved whole, at the
 * version read; "Back to the standard" only fills the matrix — Save applies it.
 */
export const RolePermissionsEditor = () => {
  const { t } = useTranslation('users');
  const confirm = useConfirm();
  const loaded = useRolePermissions();
  const save = useUpdateRolePermissions();
  const [draft, setDraft] = useState<RoleGrants | null>(null);
  const [version, setVersion] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const permissionColumnWidth = useMediaQuery('(max-width: 36em)') ? 140 : 190;
  const isDirty = Boolean(loaded.data && draft && !isSame(draft, loaded.data.grants));

  // A newer version (saved here or elsewhere) replaces the matrix unless it holds unsaved changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the draft
  useEffect(() => {
    if (!loaded.data || loaded.data.version === version) return;
    if (!draft || !isDirty) {
      setDraft(loaded.data.grants);
      setVersion(loaded.data.version);
    }
  }, [loaded.data]);

  if (loaded.isError) return <Alert color="red">{errorMessageOf(loaded.error)}</Alert>;
  if (!loaded.data || !draft) return <Loader aria-label={t('rolePermissions.title')} />;
  const { defaults } = loaded.data;

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({ version, grants: draft });
      setDraft(saved.grants);
      setVersion(saved.version);
      notifySuccess(t('rolePermissions.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        const wantsTheirs = await confirm({
          title: t('conflict.title'),
          message: t('rolePermissions.conflictQuestion'),
          confirmLabel: t('conflict.retrieve'),
          cancelLabel: t('conflict.keep'),
          color: 'blue',
        });
        if (wantsTheirs) {
          const fresh = await loaded.refetch();
          if (fresh.data) {
            setDraft(fresh.data.grants);
            setVersion(fresh.data.version);
          }
        }
        return;
      }
      notifyError(error);
    }
  };

  const resetToDefaults = async () => {
    const isConfirmed = await confirm({
      title: t('rolePermissions.resetToDefaults'),
      message: t('rolePermissions.resetQuestion'),
      confirmLabel: t('rolePermissions.resetToDefaults'),
      color: 'blue',
    });
    if (isConfirmed) setDraft(defaults);
  };

  const roleHeader = (label: string, key: string) => (
    <Table.Th
      key={key}
      style={{ ...STICKY_HEADER, textAlign: 'center', minWidth: ROLE_COLUMN_WIDTH, verticalAlign: 'bottom' }}
    >
      {label}
    </Table.Th>
  );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <SectionHeader
          title={t('rolePermissions.title')}
          description={t('rolePermissions.description')}
          actions={
            <>
              {isDirty && <Badge color="yellow">{t('rolePermissions.unsaved')}</Badge>}
              <Button
                variant="default"
                leftSection={<IconRestore size={16} />}
                disabled={isSame(draft, defaults)}
                onClick={() => void resetToDefaults()}
              >
                {t('rolePermissions.resetToDefaults')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!isDirty}
                loading={save.isPending}
                onClick={() => void submit()}
              >
                {t('rolePermissions.save')}
              </Button>
            </>
          }
        />
        <Group gap="md">
          <Group gap={6}>
            <Box w={14} h={14} style={{ background: DEPARTURE_BACKGROUND, borderRadius: 3 }} />
            <Text size="xs">{t('rolePermissions.changedFromDefault')}</Text>
          </Group>
          <Group gap={6}>
            <IconLock size={14} />
            <Text size="xs">{t('rolePermissions.adminOnly')}</Text>
          </Group>
        </Group>
        <div style={{ position: 'relative' }}>
          <div
            ref={scroller}
            style={{ overflow: 'auto', maxHeight: 'calc(100dvh - 160px)', overscrollBehavior: 'contain' }}
          >
            <Table
              withTableBorder
              withColumnBorders
              miw={permissionColumnWidth + (1 + ADJUSTABLE_ROLES.length) * ROLE_COLUMN_WIDTH}
              aria-label={t('rolePermissions.title')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th
                    style={{ ...stickyPermissionCell(permissionColumnWidth), ...STICKY_HEADER, zIndex: 3 }}
                  >
                    {t('rolePermissions.permission')}
                  </Table.Th>
                  {roleHeader(t('roles.admin'), 'admin')}
                  {ADJUSTABLE_ROLES.map((role) => roleHeader(t(`roles.${role}`), role))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PERMISSION_AREAS.map((area) => (
                  <AreaRows
                    key={area}
                    area={area}
                    draft={draft}
                    defaults={defaults}
                    permissionColumnWidth={permissionColumnWidth}
                    onToggle={(role, permission) => setDraft(toggled(draft, role, permission))}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <ScrollHint target={scroller} leftInset={permissionColumnWidth} />
        </div>
      </Stack>
    </Paper>
  );
};

const AreaRows = ({
  area,
  draft,
  defaults,
  permissionColumnWidth,
  onToggle,
}: {
  area: (typeof PERMISSION_AREAS)[number];
  draft: RoleGrants;
  defaults: RoleGrants;
  permissionColumnWidth: number;
  onToggle: (role: AdjustableRole, permission: Permission) => void;
}) => {
  const { t } = useTranslation('users');
  const permissions = PERMISSION_NAMES.filter((permission) => PERMISSIONS[permission].area === area);
  return (
    <>
      <Table.Tr>
        <Table.Th
          colSpan={2 + ADJUSTABLE_ROLES.length}
          bg="var(--mantine-color-default-hover)"
          scope="colgroup"
        >
          <Box style={{ position: 'sticky', left: 12, display: 'inline-block' }}>{t(`areas.${area}`)}</Box>
        </Table.Th>
      </Table.Tr>
      {permissions.map((permission) => {
        const label = t(`permissions.${permission}`);
        const isLocked = isAdminOnlyPermission(permission);
        return (
          <Table.Tr key={permission} data-permission={permission}>
            <Table.Th scope="row" style={{ ...stickyPermissionCell(permissionColumnWidth), fontWeight: 400 }}>
              <Group gap={6} wrap="nowrap">
                {isLocked && (
                  <IconLock size={14} aria-label={t('rolePermissions.adminOnly')} style={{ flexShrink: 0 }} />
                )}
                <Text size="sm">{label}</Text>
              </Group>
            </Table.Th>
            <Table.Td style={{ textAlign: 'center' }}>
              <Tooltip label={t('rolePermissions.adminAlways')}>
                <Checkbox
                  checked
                  disabled
                  readOnly
                  aria-label={`${label}: ${t('roles.admin')} (${t('rolePermissions.adminAlways')})`}
                  style={{ display: 'inline-block' }}
                />
              </Tooltip>
            </Table.Td>
            {ADJUSTABLE_ROLES.map((role) => {
              const isHeld = holds(draft, role, permission);
              const isDeparture = isHeld !== holds(defaults, role, permission);
              return (
                <Table.Td
                  key={role}
                  style={{ textAlign: 'center', background: isDeparture ? DEPARTURE_BACKGROUND : undefined }}
                  data-departure={isDeparture || undefined}
                >
                  <Checkbox
                    checked={isHeld}
                    disabled={isLocked}
                    onChange={() => onToggle(role, permission)}
                    aria-label={`${label}: ${t(`roles.${role}`)}${
                      isDeparture ? ` (${t('rolePermissions.changedFromDefault')})` : ''
                    }`}
                    style={{ display: 'inline-block' }}
                  />
                </Table.Td>
              );
            })}
          </Table.Tr>
        );
      })}
    </>
  );
};
