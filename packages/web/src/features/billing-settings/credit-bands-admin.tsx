import { BILLING_LIMITS, type CreditBandDto } from '@karm/domain/contract';
import { basisPointsToPercent, percentToBasisPoints } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AdminItemDialog,
  AdminListCard,
  creditBandColour,
  EditDeleteActions,
  notifySaving,
  useConfirm,
  useCreditBandRule,
} from '@/components';
import { useCreditBandMutations, useCreditBands } from '@/lib/api/billing-settings';
import { useCan } from '@/lib/permissions';

type Editing = { mode: 'add' } | { mode: 'edit'; band: CreditBandDto };

/** Adds a credit band or changes one's code, name and rule; the share is typed as a percent. */
const CreditBandDialog = ({ editing, onClose }: { editing: Editing; onClose: () => void }) => {
  const { t } = useTranslation('billing');
  const { add, update } = useCreditBandMutations();
  const initial =
    editing.mode === 'edit'
      ? editing.band
      : { code: '', name: '', minPrepaymentBasisPoints: 0, requiresAdminApproval: false };
  const [code, setCode] = useState(initial.code);
  const [name, setName] = useState(initial.name);
  const [percent, setPercent] = useState<number | string>(
    basisPointsToPercent(initial.minPrepaymentBasisPoints),
  );
  const [requiresAdminApproval, setRequiresAdminApproval] = useState(initial.requiresAdminApproval);
  const [errors, setErrors] = useState<{ code?: string; percent?: string }>({});
  const share = typeof percent === 'number' ? percent : Number.NaN;
  const isValid = () => {
    const found = {
      ...(code.trim() === '' && { code: t('validation:required') }),
      ...(!(share >= 0 && share <= 100) && { percent: t('bands.percentRange') }),
    };
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const write = () => {
    const values = {
      code: code.trim(),
      name: name.trim(),
      minPrepaymentBasisPoints: percentToBasisPoints(share),
      requiresAdminApproval,
    };
    return editing.mode === 'add'
      ? add.mutateAsync(values)
      : update.mutateAsync({ id: editing.band.id, version: editing.band.version, values });
  };
  return (
    <AdminItemDialog
      title={editing.mode === 'add' ? t('bands.addTitle') : t('bands.editTitle')}
      savedMessage={t('bands.saved')}
      saving={add.isPending || update.isPending}
      isValid={isValid}
      write={write}
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('bands.code')}
          withAsterisk
          data-autofocus
          maxLength={BILLING_LIMITS.bandCodeLength}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <TextInput
          label={t('bands.name')}
          maxLength={BILLING_LIMITS.bandNameLength}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <NumberInput
          label={t('bands.minPrepayment')}
          withAsterisk
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          suffix=" %"
          value={percent}
          error={errors.percent}
          onChange={setPercent}
        />
        <Checkbox
          label={t('bands.requiresApproval')}
          checked={requiresAdminApproval}
          onChange={(event) => setRequiresAdminApproval(event.currentTarget.checked)}
        />
      </Stack>
    </AdminItemDialog>
  );
};

/**
 * Admin tab "Credit score": the company's credit bands in order (best first), each with the lowest
 * prepayment a payment plan must start with and whether an admin must approve the confirmation.
 * Read-only without `sales.settings`.
 */
export const CreditBandsAdmin = () => {
  const { t } = useTranslation('billing');
  const isEditable = useCan('sales.settings');
  const bands = useCreditBands();
  const { update, remove } = useCreditBandMutations();
  const confirm = useConfirm();
  const ruleOf = useCreditBandRule();
  const [editing, setEditing] = useState<Editing | null>(null);
  const rows = bands.data ?? [];

  const move = (band: CreditBandDto, position: number) =>
    notifySaving(
      () => update.mutateAsync({ id: band.id, version: band.version, values: { position } }),
      t('bands.saved'),
    );

  const askDelete = async (band: CreditBandDto) => {
    const isConfirmed = await confirm({
      title: t('delete'),
      message: t('bands.deleteConfirm', { code: band.code }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed) {
      await notifySaving(
        () => remove.mutateAsync({ id: band.id, version: band.version }),
        t('bands.deleted'),
      );
    }
  };

  return (
    <>
      <AdminListCard
        data-credit-bands
        title={t('bands.title')}
        description={t('bands.description')}
        {...(isEditable && { addLabel: t('bands.add'), onAdd: () => setEditing({ mode: 'add' }) })}
        note={!isEditable && <Text size="sm">{t('readOnly')}</Text>}
        header={
          <>
            <Table.Th w={90}>{t('bands.code')}</Table.Th>
            <Table.Th>{t('bands.name')}</Table.Th>
            <Table.Th w={150}>{t('bands.minPrepayment')}</Table.Th>
            <Table.Th w={110}>{t('bands.approval')}</Table.Th>
            {isEditable && <Table.Th w={150}>{t('actions')}</Table.Th>}
          </>
        }
      >
        {bands.isSuccess && rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" c="dimmed">
                {t('bands.empty')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((band, index) => (
          <Table.Tr key={band.id} data-credit-band-row={band.code} title={ruleOf(band)}>
            <Table.Td>
              <Badge color={creditBandColour(band, rows)} variant="filled">
                {band.code}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{band.name}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{basisPointsToPercent(band.minPrepaymentBasisPoints)} %</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{band.requiresAdminApproval ? t('bands.yes') : t('bands.no')}</Text>
            </Table.Td>
            {isEditable && (
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('bands.moveUp')}: ${band.code}`}
                    disabled={index === 0}
                    onClick={() => void move(band, index - 1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('bands.moveDown')}: ${band.code}`}
                    disabled={index === rows.length - 1}
                    onClick={() => void move(band, index + 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <EditDeleteActions
                    name={band.code}
                    editLabel={t('edit')}
                    deleteLabel={t('delete')}
                    onEdit={() => setEditing({ mode: 'edit', band })}
                    onDelete={() => void askDelete(band)}
                  />
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </AdminListCard>
      {editing && <CreditBandDialog editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
};
