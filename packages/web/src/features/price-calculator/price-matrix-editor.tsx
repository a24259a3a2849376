import type { PriceMatrixDto } from '@karm/domain/contract';
import {
  doorTypeName,
  findCell,
  formatDate,
  osloDateOf,
  PRICE_MATRIX_LIMITS,
  type PriceMatrix,
  priceMatrixIssues,
} from '@karm/domain/rules';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, useConfirm } from '@/components';
import { usePriceMatrix, useUpdatePriceMatrix } from '@/lib/api/price-calculator';
import { ApiError } from '@/lib/http';
import {
  addDoorType,
  addRange,
  changeDoorType,
  changeRange,
  issuesByField,
  marginPercent,
  moveDoorType,
  type RangeList,
  removeDoorType,
  removeRange,
  setCost,
  setPrice,
} from './matrix-draft';

const numberOr = (value: number | string, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;

type KronerInputProps = {
  'aria-label': string;
  placeholder: string;
  /** Øre; undefined shows an empty field. */
  value: number | undefined;
  /** Øre, or null when emptied. */
  onChange: (ore: number | null) => void;
  error: string | undefined;
  variant?: 'default' | 'filled';
};

/** A price grid field: kroner with a decimal comma, kept as øre. */
const KronerInput = ({ value, onChange, ...props }: KronerInputProps) => (
  <NumberInput
    {...props}
    size="xs"
    w={120}
    min={0}
    decimalScale={2}
    decimalSeparator=","
    thousandSeparator=" "
    hideControls
    value={value === undefined ? '' : value / 100}
    onChange={(kroner) => onChange(typeof kroner === 'number' ? Math.round(kroner * 100) : null)}
  />
);

/**
 * The administrators' editor of the company's price matrix: door types, width and height ranges,
 * and a price grid per door type. Saves the whole matrix with the version it started from; a newer
 * save by someone else is offered for loading instead of being overwritten.
 */
export const PriceMatrixEditor = ({ saved }: { saved: PriceMatrixDto }) => {
  const { t, i18n } = useTranslation(['calculator', 'validation']);
  const confirm = useConfirm();
  const matrixQuery = usePriceMatrix();
  const update = useUpdatePriceMatrix();
  const [base, setBase] = useState(saved);
  const [draft, setDraft] = useState<PriceMatrix>(saved.matrix);
  const [isStale, setStale] = useState(false);
  const isDirty = draft !== base.matrix;

  // Someone else's save arrives by push: taken over at once unless this person is editing.
  useEffect(() => {
    if (saved.version !== base.version && !isDirty) {
      setBase(saved);
      setDraft(saved.matrix);
    }
  }, [saved, base.version, isDirty]);

  const issues = useMemo(() => issuesByField(draft, priceMatrixIssues(draft)), [draft]);
  const errorAt = (key: string) => {
    const issue = issues.get(key);
    return issue ? t(issue.key.replace('validation.', 'validation:'), issue.params) : undefined;
  };

  const save = async () => {
    try {
      const result = await update.mutateAsync({ version: base.version, matrix: draft });
      setBase(result);
      setDraft(result.matrix);
      notifySuccess(t('matrix.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') setStale(true);
      notifyError(t('operationFailed'));
    }
  };

  const reload = async () => {
    const { data } = await matrixQuery.refetch();
    if (!data) return notifyError(t('operationFailed'));
    setBase(data);
    setDraft(data.matrix);
    setStale(false);
  };

  const confirmRemoveRange = async (list: RangeList, id: string) => {
    const range = draft[list].find((row) => row.id === id);
    if (!range) return;
    if (await confirm({ message: t('matrix.removeRange', { from: range.fromMm, to: range.toMm }) })) {
      setDraft((current) => removeRange(current, list, id));
    }
  };

  const rangeEditor = (list: RangeList) => (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t(`matrix.${list}`)}
      </Title>
      {draft[list].map((range, index) => (
        <Group key={range.id} gap="xs" wrap="nowrap" align="flex-start">
          <NumberInput
            aria-label={`${t(`matrix.${list}`)} ${index + 1} ${t('matrix.from')}`}
            placeholder={t('matrix.from')}
            allowDecimal={false}
            min={1}
            value={range.fromMm}
            onChange={(value) =>
              setDraft((current) => changeRange(current, list, range.id, { fromMm: numberOr(value, 0) }))
            }
            error={errorAt(`${list}.${index}.fromMm`)}
          />
          <NumberInput
            aria-label={`${t(`matrix.${list}`)} ${index + 1} ${t('matrix.to')}`}
            placeholder={t('matrix.to')}
            allowDecimal={false}
            min={1}
            value={range.toMm}
            onChange={(value) =>
              setDraft((current) => changeRange(current, list, range.id, { toMm: numberOr(value, 0) }))
            }
            error={errorAt(`${list}.${index}.toMm`)}
          />
          <Tooltip label={t('matrix.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`${t('matrix.remove')} ${range.fromMm}–${range.toMm}`}
              onClick={() => void confirmRemoveRange(list, range.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {errorAt(list) && (
        <Text c="red" size="sm">
          {errorAt(list)}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => setDraft((current) => addRange(current, list))}
      >
        {t('matrix.addRange')}
      </Button>
    </Stack>
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('matrix.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('matrix.help')}
            </Text>
            {base.updatedAt && (
              <Text size="xs" c="dimmed">
                {t('matrix.lastSaved', {
                  date: formatDate(osloDateOf(new Date(base.updatedAt))),
                  name: base.updatedBy?.displayName ?? '—',
                })}
              </Text>
            )}
          </Stack>
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={!isDirty || issues.size > 0}
          >
            {t('matrix.save')}
          </Button>
        </Group>
        {isStale && (
          <Alert color="orange" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('matrix.stale')}</Text>
              <Button size="xs" variant="light" color="orange" onClick={() => void reload()}>
                {t('matrix.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Stack gap="xs" data-door-types>
          <Title order={3} size="h5">
            {t('matrix.doorTypes')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('matrix.doorTypesHelp')}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t('matrix.order')}</Table.Th>
                  <Table.Th>{t('matrix.nameEn')}</Table.Th>
                  <Table.Th>{t('matrix.nameNb')}</Table.Th>
                  <Table.Th w={70}>{t('matrix.active')}</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.doorTypes.map((type, index) => (
                  <Table.Tr
                    key={type.id}
                    data-door-type={type.id}
                    style={type.isActive ? undefined : { opacity: 0.6 }}
                  >
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('matrix.moveUp')}: ${type.name}`}
                          disabled={index === 0}
                          onClick={() => setDraft((current) => moveDoorType(current, type.id, -1))}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('matrix.moveDown')}: ${type.name}`}
                          disabled={index === draft.doorTypes.length - 1}
                          onClick={() => setDraft((current) => moveDoorType(current, type.id, 1))}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`${t('matrix.nameEn')} ${index + 1}`}
                        value={type.name}
                        maxLength={PRICE_MATRIX_LIMITS.nameLength}
                        onChange={(event) => {
                          const name = event.currentTarget.value;
                          setDraft((current) => changeDoorType(current, type.id, { name }));
                        }}
                        error={errorAt(`doorTypes.${index}.name`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`${t('matrix.nameNb')} ${index + 1}`}
                        placeholder={type.name}
                        value={type.nameNb}
                        maxLength={PRICE_MATRIX_LIMITS.nameLength}
                        onChange={(event) => {
                          const nameNb = event.currentTarget.value;
                          setDraft((current) => changeDoorType(current, type.id, { nameNb }));
                        }}
                        error={errorAt(`doorTypes.${index}.nameNb`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${t('matrix.active')}: ${type.name}`}
                        checked={type.isActive}
                        onChange={(event) => {
                          const isActive = event.currentTarget.checked;
                          setDraft((current) => changeDoorType(current, type.id, { isActive }));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={t('matrix.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('matrix.remove')} ${type.name}`}
                          onClick={async () => {
                            if (await confirm({ message: t('matrix.removeDoorType', { name: type.name }) })) {
                              setDraft((current) => removeDoorType(current, type.id));
                            }
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errorAt('doorTypes') && (
            <Text c="red" size="sm">
              {errorAt('doorTypes')}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setDraft((current) => addDoorType(current, t('matrix.newDoorType')))}
            >
              {t('matrix.addDoorType')}
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {rangeEditor('widthRanges')}
          {rangeEditor('heightRanges')}
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('matrix.prices')}
        </Title>
        {draft.doorTypes.map((type) => (
          <Stack key={type.id} gap={4}>
            <Text fw={600}>{doorTypeName(type, i18n.language)}</Text>
            <Table withTableBorder withColumnBorders striped={false} style={{ width: 'auto' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('matrix.widthHeight')}</Table.Th>
                  {draft.heightRanges.map((height) => (
                    <Table.Th key={height.id}>
                      {height.fromMm}–{height.toMm}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.widthRanges.map((width) => (
                  <Table.Tr key={width.id}>
                    <Table.Th>
                      {width.fromMm}–{width.toMm}
                    </Table.Th>
                    {draft.heightRanges.map((height) => {
                      const at = { doorTypeId: type.id, widthRangeId: width.id, heightRangeId: height.id };
                      const cell = findCell(draft, type.id, width.id, height.id);
                      const where = {
                        doorType: doorTypeName(type, i18n.language),
                        width: `${width.fromMm}–${width.toMm}`,
                        height: `${height.fromMm}–${height.toMm}`,
                      };
                      const margin = marginPercent(cell);
                      return (
                        <Table.Td key={height.id}>
                          <Stack gap={4}>
                            <KronerInput
                              aria-label={t('matrix.priceFor', where)}
                              placeholder={t('matrix.price')}
                              value={cell?.price}
                              onChange={(price) => setDraft((current) => setPrice(current, at, price))}
                              error={errorAt(`price:${type.id}|${width.id}|${height.id}`)}
                            />
                            {cell && (
                              <KronerInput
                                aria-label={t('matrix.costFor', where)}
                                placeholder={t('matrix.cost')}
                                value={cell.cost || undefined}
                                onChange={(cost) => setDraft((current) => setCost(current, at, cost))}
                                error={errorAt(`cost:${type.id}|${width.id}|${height.id}`)}
                                variant="filled"
                              />
                            )}
                            {margin !== null && (
                              <Text size="xs" c="dimmed" data-margin>
                                {t('matrix.margin', { percent: margin })}
                              </Text>
                            )}
                          </Stack>
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
};
