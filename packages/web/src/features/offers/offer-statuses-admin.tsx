import type { OfferStatusDto } from '@karm/domain/contract';
import { messageWithParams, VALIDATION_MESSAGE_KEYS } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconRestore, IconStar, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, notifyError, notifySuccess, useConfirm } from '@/components';
import {
  createOfferStatus,
  deleteOfferStatus,
  offerStatusUsage,
  reactivateOfferStatus,
  reorderOfferStatuses,
  updateOfferConfig,
  updateOfferStatus,
  useOfferConfig,
  useOfferPushes,
  useOfferStatuses,
  useOfferStatusMutation,
} from '@/lib/api/offers';
import { translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';

/** The contract's message for a likelihood that is no whole number from 0 to 100. */
const LIKELIHOOD_RANGE = messageWithParams(VALIDATION_MESSAGE_KEYS.numberRange, { min: 0, max: 100 });

/** Runs a status or config change and shows the 3-second toast of SPEC §8, naming what was saved. */
const useAction = <Input, Result>(
  run: (input: Input) => Promise<Result>,
  savedText: (result: Result) => string,
) => {
  const { t } = useTranslation('offers');
  const mutation = useOfferStatusMutation(run);
  return async (input: Input) => {
    try {
      notifySuccess(savedText(await mutation.mutateAsync(input)));
      return true;
    } catch (error) {
      // The server's own usage check (someone may have used the status since the list was read).
      const details =
        error instanceof ApiError
          ? (error.details as { reason?: string; usage?: number; name?: string } | undefined)
          : undefined;
      if (details?.reason === 'statusInUse')
        notifyError(t('admin.inUse', { count: details.usage ?? 0, name: details.name ?? '' }));
      else if (details?.reason === 'statusIsDefault') notifyError(t('admin.isDefault'));
      else if (details?.reason === 'statusIsWon') notifyError(t('admin.isWon'));
      else notifyError(error);
      return false;
    }
  };
};

const OUTCOMES = ['none', 'won', 'lost'] as const;
type Outcome = (typeof OUTCOMES)[number];
const outcomeOf = (status: OfferStatusDto): Outcome =>
  status.isWon ? 'won' : status.isLost ? 'lost' : 'none';
const OUTCOME_LABELS = {
  none: 'admin.outcomeNone',
  won: 'admin.outcomeWon',
  lost: 'admin.outcomeLost',
} as const;

const StatusRow = ({
  status,
  index,
  count,
  defaultDays,
  onMove,
}: {
  status: OfferStatusDto;
  index: number;
  count: number;
  defaultDays: number;
  onMove: (from: number, to: number) => void;
}) => {
  const { t } = useTranslation('offers');
  const confirm = useConfirm();
  const [name, setName] = useState(status.name);
  const [days, setDays] = useState<number | string>(status.deadlineDays ?? '');
  const [likelihood, setLikelihood] = useState<number | string>(status.likelihoodPercent);
  useEffect(() => {
    setName(status.name);
    setDays(status.deadlineDays ?? '');
    setLikelihood(status.likelihoodPercent);
  }, [status.name, status.deadlineDays, status.likelihoodPercent]);
  const savedText = (saved: OfferStatusDto) => t('admin.statusSaved', { name: saved.name });
  const update = useAction(updateOfferStatus, savedText);
  const makeDefault = useAction(updateOfferStatus, (saved) => t('admin.defaultSet', { name: saved.name }));
  const reactivate = useAction(reactivateOfferStatus, (saved) =>
    t('admin.statusReactivated', { name: saved.name }),
  );
  const remove = useAction(deleteOfferStatus, (saved) => t('admin.statusDeleted', { name: saved.name }));
  // The default status is where new offers start, and a deleted one is no outcome: neither can be one.
  const isOutcomeLocked = status.isDefault || status.isDeleted;
  const isChanged =
    name.trim() !== status.name ||
    (days === '' ? null : Number(days)) !== status.deadlineDays ||
    likelihood !== status.likelihoodPercent;
  // Every change names the version read: one made by another admin meanwhile is refused, not overwritten.
  const target = { id: status.id, version: status.version };

  const askDelete = async () => {
    // SPEC §4: a usage check first; the server checks again and refuses while offers use it.
    const { count: usage } = await offerStatusUsage(status.id).catch(() => ({ count: status.usage }));
    if (usage > 0) {
      notifyError(t('admin.inUse', { count: usage, name: status.name }));
      return;
    }
    const isConfirmed = await confirm({
      title: t('admin.deleteTitle'),
      message: t('admin.deleteMessage', { name: status.name }),
      confirmLabel: t('admin.delete', { name: status.name }),
    });
    if (isConfirmed) await remove(status.id);
  };

  return (
    <Table.Tr data-status-id={status.id} style={status.isDeleted ? { opacity: 0.6 } : undefined}>
      <Table.Td>
        <Stack gap={4} miw={120}>
          <TextInput
            aria-label={t('admin.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {(status.isDefault || status.isDeleted) && (
            <Group gap={4}>
              {status.isDefault && (
                <Badge variant="light" size="sm">
                  {t('admin.default')}
                </Badge>
              )}
              {status.isDeleted && (
                <Badge color="gray" size="sm">
                  {t('admin.deleted')}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td w={110}>
        <NumberInput
          aria-label={t('admin.deadlineDays')}
          // A won or lost offer is decided: nobody follows it up, so its status has no deadline.
          disabled={status.isWon || status.isLost}
          placeholder={
            status.isWon || status.isLost ? '—' : t('admin.deadlineDefault', { days: defaultDays })
          }
          min={0}
          max={365}
          allowDecimal={false}
          value={days}
          onChange={setDays}
        />
      </Table.Td>
      <Table.Td w={130}>
        <Tooltip label={t('admin.outcomeDefault')} disabled={!status.isDefault}>
          <Select
            aria-label={t('admin.outcomeOf', { name: status.name })}
            data={OUTCOMES.map((outcome) => ({ value: outcome, label: t(OUTCOME_LABELS[outcome]) }))}
            value={outcomeOf(status)}
            allowDeselect={false}
            disabled={isOutcomeLocked}
            onChange={(outcome) =>
              outcome && void update({ ...target, isWon: outcome === 'won', isLost: outcome === 'lost' })
            }
          />
        </Tooltip>
      </Table.Td>
      <Table.Td w={110}>
        <NumberInput
          aria-label={t('admin.likelihoodOf', { name: status.name })}
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          suffix=" %"
          value={likelihood}
          onChange={setLikelihood}
          error={likelihood === '' ? translateMessage(t, LIKELIHOOD_RANGE) : undefined}
        />
      </Table.Td>
      <Table.Td w={60} data-usage>
        {status.usage}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {isChanged && (
            <Button
              size="xs"
              disabled={likelihood === ''}
              onClick={() =>
                void update({
                  ...target,
                  name: name.trim(),
                  deadlineDays: days === '' ? null : Number(days),
                  likelihoodPercent: Number(likelihood),
                })
              }
            >
              {t('admin.save')}
            </Button>
          )}
          <ActionIcon
            variant="subtle"
            aria-label={t('admin.moveUp', { name: status.name })}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('admin.moveDown', { name: status.name })}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          {status.isDeleted ? (
            <Tooltip label={t('admin.reactivate', { name: status.name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('admin.reactivate', { name: status.name })}
                onClick={() => void reactivate(status.id)}
              >
                <IconRestore size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <>
              <Tooltip label={t('admin.makeDefault', { name: status.name })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('admin.makeDefault', { name: status.name })}
                  disabled={status.isDefault || status.isWon || status.isLost}
                  onClick={() => void makeDefault({ ...target, isDefault: true })}
                >
                  <IconStar size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip
                label={
                  status.isDefault
                    ? t('admin.isDefault')
                    : status.isWon
                      ? t('admin.isWon')
                      : t('admin.delete', { name: status.name })
                }
              >
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('admin.delete', { name: status.name })}
                  disabled={status.isDefault || status.isWon}
                  onClick={() => void askDelete()}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
};

const OfferConfigForm = () => {
  const { t } = useTranslation('offers');
  const config = useOfferConfig();
  const statuses = useOfferStatuses();
  const save = useAction(updateOfferConfig, () => t('admin.configSaved'));
  const [draft, setDraft] = useState({ deadlineDays: 14, firstNumber: 10_001, validityDays: 30 });
  useEffect(() => {
    if (config.data) setDraft(config.data);
  }, [config.data]);
  if (!config.data) return null;
  const version = config.data.version;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>{t('admin.configTitle')}</Title>
        <Group align="flex-end">
          <NumberInput
            label={t('admin.configDeadlineDays')}
            min={0}
            max={365}
            allowDecimal={false}
            value={draft.deadlineDays}
            onChange={(value) => setDraft({ ...draft, deadlineDays: Number(value) || 0 })}
          />
          <NumberInput
            label={t('admin.configFirstNumber')}
            min={1}
            allowDecimal={false}
            value={draft.firstNumber}
            onChange={(value) => setDraft({ ...draft, firstNumber: Number(value) || 1 })}
          />
          <NumberInput
            label={t('admin.configValidityDays')}
            min={1}
            max={365}
            allowDecimal={false}
            value={draft.validityDays}
            onChange={(value) => setDraft({ ...draft, validityDays: Number(value) || 1 })}
          />
          <Select
            label={t('admin.configDefaultStatus')}
            data={(statuses.data ?? []).map((status) => ({ value: status.id, label: status.name }))}
            value={config.data.defaultStatusId}
            onChange={(defaultStatusId) => defaultStatusId && void save({ version, defaultStatusId })}
          />
          <Button
            onClick={() =>
              void save({
                version,
                deadlineDays: draft.deadlineDays,
                firstNumber: draft.firstNumber,
                validityDays: draft.validityDays,
              })
            }
          >
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};

/** Admin "offers" tab (SPEC §2, §4): the offer statuses and the offer config. */
export const OfferStatusesAdmin = () => {
  const { t } = useTranslation('offers');
  useOfferPushes();
  const [isShowingDeleted, setShowingDeleted] = useState(false);
  const statuses = useOfferStatuses(isShowingDeleted);
  const config = useOfferConfig();
  const [newName, setNewName] = useState('');
  const create = useAction(createOfferStatus, (created) => t('admin.statusAdded', { name: created.name }));
  const reorder = useAction(reorderOfferStatuses, () => t('admin.orderSaved'));
  const list = statuses.data ?? [];

  const move = (from: number, to: number) => {
    const ids = list.map((status) => status.id);
    const [moved] = ids.splice(from, 1);
    if (moved) ids.splice(to, 0, moved);
    void reorder(ids);
  };

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('admin.statusesTitle')}</Title>
            <Switch
              label={t('admin.showDeleted')}
              checked={isShowingDeleted}
              onChange={(event) => setShowingDeleted(event.currentTarget.checked)}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('admin.outcomeHelp')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('admin.likelihoodHelp')}
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.name')}</Table.Th>
                  <Table.Th>{t('admin.deadlineDays')}</Table.Th>
                  <Table.Th>{t('admin.outcome')}</Table.Th>
                  <Table.Th>{t('admin.likelihood')}</Table.Th>
                  <Table.Th>{t('admin.usage')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((status, index) => (
                  <StatusRow
                    key={status.id}
                    status={status}
                    index={index}
                    count={list.length}
                    defaultDays={config.data?.deadlineDays ?? 14}
                    onMove={move}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group align="flex-end">
            <TextInput
              label={t('admin.newName')}
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
            />
            <Button
              disabled={!newName.trim()}
              onClick={async () => {
                if (await create({ name: newName.trim(), deadlineDays: null })) setNewName('');
              }}
            >
              {t('admin.add')}
            </Button>
          </Group>
          {statuses.isError && <Text c="red">{errorMessageOf(statuses.error)}</Text>}
        </Stack>
      </Card>
      <OfferConfigForm />
    </Stack>
  );
};
