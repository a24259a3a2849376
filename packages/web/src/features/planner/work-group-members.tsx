import { Group, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListCard, notifyError, notifySuccess } from '@/components';
import { useCollection } from '@/lib/api/collections';
import { useCan } from '@/lib/permissions';
import { useAssignWorkGroup, useWorkGroupMembers } from './use-work-group-members';

/** The filter's value for the employees in no group. */
const NO_GROUP = '-';
const ALL = '*';

/**
 * Admin tab "resource planner": which employees are in each work group. Moving an employee saves at
 * once at the version read (a 3-second toast says so) and regroups every open planner.
 */
export const WorkGroupMembers = () => {
  const { t } = useTranslation('planner');
  const isEditable = useCan('planner.settings');
  const groups = useCollection('workGroup');
  const members = useWorkGroupMembers();
  const assign = useAssignWorkGroup();
  const [shown, setShown] = useState(ALL);
  const all = members.data ?? [];
  const countOf = (key: string | null) => all.filter((member) => member.workGroup === key).length;
  const rows = shown === ALL ? all : all.filter((member) => (member.workGroup ?? NO_GROUP) === shown);

  const move = async (memberId: string, value: string) => {
    const member = all.find((candidate) => candidate.id === memberId);
    if (!member) return;
    const workGroup = value === NO_GROUP ? null : value;
    try {
      await assign.mutateAsync({ employeeId: member.id, version: member.version, workGroup });
      notifySuccess(
        t('members.moved', {
          name: member.name,
          group: workGroup ? groups.labelOf(workGroup) : t('grid.noGroup'),
        }),
      );
    } catch (error) {
      notifyError(error, { title: t('members.moveFailed', { name: member.name }) });
    }
  };

  const options = (current: string | null) => [
    ...groups.options(current).map((option) => ({ value: option.value, label: option.label })),
    { value: NO_GROUP, label: t('grid.noGroup') },
  ];

  return (
    <AdminListCard
      data-work-group-members
      title={t('members.title')}
      description={t('members.description')}
      note={
        <Group gap="xs" wrap="wrap">
          <NativeSelect
            size="xs"
            label={t('members.show')}
            value={shown}
            onChange={(event) => setShown(event.currentTarget.value)}
            data={[
              { value: ALL, label: t('members.all', { count: all.length }) },
              ...groups.values.map((group) => ({
                value: group.key,
                label: `${groups.labelOf(group.key)} (${countOf(group.key)})`,
              })),
              { value: NO_GROUP, label: `${t('grid.noGroup')} (${countOf(null)})` },
            ]}
          />
        </Group>
      }
      header={
        <>
          <Table.Th>{t('members.employee')}</Table.Th>
          <Table.Th w={260}>{t('members.workGroup')}</Table.Th>
        </>
      }
    >
      {rows.map((member) => (
        <Table.Tr key={member.id} data-member-id={member.id}>
          <Table.Td>
            <Text size="sm">{member.name}</Text>
          </Table.Td>
          <Table.Td>
            <NativeSelect
              size="xs"
              aria-label={t('members.workGroupOf', { name: member.name })}
              value={member.workGroup ?? NO_GROUP}
              data={options(member.workGroup)}
              disabled={!isEditable || assign.isPending}
              onChange={(event) => void move(member.id, event.currentTarget.value)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
      {members.isSuccess && rows.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={2}>
            <Text size="sm" c="dimmed">
              {t('members.none')}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </AdminListCard>
  );
};
