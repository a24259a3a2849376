import { DEPARTMENT_LIMITS, type DepartmentAdminDto } from '@karm/domain/contract';
import { Badge, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminItemDialog,
  AdminListCard,
  deleteOrOfferDeactivate,
  EditDeleteActions,
  notifySaving,
  useConfirm,
} from '@/components';
import { useDepartmentMutations, useDepartmentsAdmin } from '@/lib/api/departments';
import { useCan } from '@/lib/permissions';

type Editing = { mode: 'add' } | { mode: 'edit'; department: DepartmentAdminDto };

/** Adds a department of the company's own or renames/renumbers one. */
const DepartmentDialog = ({ editing, onClose }: { editing: Editing; onClose: () => void }) => {
  const { t } = useTranslation('collections');
  const { add, update } = useDepartmentMutations();
  const initial = editing.mode === 'edit' ? editing.department : { name: '', departmentNumber: '' };
  const [name, setName] = useState(initial.name);
  const [departmentNumber, setDepartmentNumber] = useState(initial.departmentNumber);
  const [nameError, setNameError] = useState<string>();
  const values = { name: name.trim(), departmentNumber: departmentNumber.trim() };
  const isValid = () => {
    setNameError(values.name === '' ? t('validation:required') : undefined);
    return values.name !== '';
  };
  return (
    <AdminItemDialog
      title={editing.mode === 'add' ? t('departments.addTitle') : t('departments.editTitle')}
      savedMessage={t('departments.saved')}
      saving={add.isPending || update.isPending}
      isValid={isValid}
      write={() =>
        editing.mode === 'add'
          ? add.mutateAsync(values)
          : update.mutateAsync({ id: editing.department.id, version: editing.department.version, values })
      }
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('departments.name')}
          withAsterisk
          data-autofocus
          maxLength={DEPARTMENT_LIMITS.nameLength}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('departments.number')}
          maxLength={DEPARTMENT_LIMITS.numberLength}
          value={departmentNumber}
          onChange={(event) => setDepartmentNumber(event.currentTarget.value)}
        />
      </Stack>
    </AdminItemDialog>
  );
};

/**
 * The departments of projects (admin tab "projects"): the company's own are added, renamed,
 * deactivated and deleted here; the accounting system's are listed read-only with their source.
 */
export const DepartmentsAdmin = () => {
  const { t } = useTranslation('collections');
  const isEditable = useCan('projects.settings');
  const departments = useDepartmentsAdmin();
  const { update, remove } = useDepartmentMutations();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing | null>(null);
  const rows = departments.data ?? [];

  const setActive = async (department: DepartmentAdminDto, isActive: boolean) => {
    await notifySaving(
      () => update.mutateAsync({ id: department.id, version: department.version, values: { isActive } }),
      isActive ? t('departments.saved') : t('departments.deactivated'),
    );
  };

  const askDelete = (department: DepartmentAdminDto) =>
    deleteOrOfferDeactivate({
      confirm,
      texts: {
        deleteTitle: t('delete'),
        deleteConfirm: t('departments.deleteConfirm', { name: department.name }),
        deleted: t('departments.deleted'),
        inUseTitle: t('departments.inUseTitle'),
        inUse: (count) => t('departments.inUse', { name: department.name, count }),
        deactivate: t('deactivate'),
      },
      remove: () => remove.mutateAsync({ id: department.id, version: department.version }),
      deactivate: () => setActive(department, false),
    });

  return (
    <>
      <AdminListCard
        data-departments
        title={t('departments.title')}
        description={t('departments.description')}
        {...(isEditable && { addLabel: t('departments.add'), onAdd: () => setEditing({ mode: 'add' }) })}
        note={
          rows.some((department) => department.fromAccounting) && (
            <Text size="sm">{t('departments.fromAccountingNote')}</Text>
          )
        }
        header={
          <>
            <Table.Th>{t('departments.name')}</Table.Th>
            <Table.Th w={90}>{t('departments.number')}</Table.Th>
            <Table.Th w={90}>{t('departments.source')}</Table.Th>
            <Table.Th w={80}>{t('departments.usage')}</Table.Th>
            <Table.Th w={80}>{t('columns.active')}</Table.Th>
            {isEditable && <Table.Th w={90}>{t('columns.actions')}</Table.Th>}
          </>
        }
      >
        {departments.isSuccess && rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={6}>
              <Text size="sm" c="dimmed">
                {t('departments.empty')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((department) => {
          const isLocked = !isEditable || department.fromAccounting;
          return (
            <Table.Tr
              key={department.id}
              data-department={department.name}
              style={department.isActive ? undefined : { opacity: 0.6 }}
            >
              <Table.Td>
                <Text size="sm">{department.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{department.departmentNumber}</Text>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={department.fromAccounting ? 'blue' : 'gray'}>
                  {department.fromAccounting ? t('departments.fromAccounting') : t('departments.own')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{department.usage}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`${t('columns.active')}: ${department.name}`}
                  checked={department.isActive}
                  disabled={isLocked}
                  onChange={(event) => void setActive(department, event.currentTarget.checked)}
                />
              </Table.Td>
              {isEditable && (
                <Table.Td>
                  <EditDeleteActions
                    name={department.name}
                    editLabel={t('edit')}
                    deleteLabel={t('delete')}
                    onEdit={() => setEditing({ mode: 'edit', department })}
                    onDelete={() => void askDelete(department)}
                    isEditDisabled={isLocked}
                    isDeleteDisabled={isLocked}
                    deleteTooltip={t('departments.readOnlyFromAccounting')}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </AdminListCard>
      {editing && <DepartmentDialog editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
};
