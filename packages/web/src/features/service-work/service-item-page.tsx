import {
  type ProjectServiceRowDto,
  SERVICE_ITEM_STATUS_COLORS,
  type ServiceDataFullDto,
  type UserAnswerDto,
} from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert, PageHeader } from '@/components';
import { useCan } from '@/lib/permissions';
import { useSearchParam } from '@/lib/use-search-param';
import { ChecklistRow } from './checklist-row';
import { useServiceAnswerPushes, useServiceData } from './service-answers-api';
import type { ServiceWorkLinks } from './service-work-links';

type Mode = 'one' | 'all';
const PHONE_QUERY = '(max-width: 36em)';
/** A phone starts with one row at a time, a wide screen with the whole list; the switch changes it. */
const initialMode = (): Mode =>
  typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches ? 'one' : 'all';

const answersByRow = (answers: readonly UserAnswerDto[]) => {
  const byRow = new Map<string, UserAnswerDto[]>();
  for (const answer of answers)
    byRow.set(answer.projectRowId, [...(byRow.get(answer.projectRowId) ?? []), answer]);
  return byRow;
};

const ItemSummary = ({ data }: { data: ServiceDataFullDto }) => {
  const { t } = useTranslation('serviceWork');
  const { item } = data;
  return (
    <Group gap="xs" wrap="wrap">
      <Badge
        variant="dot"
        color={SERVICE_ITEM_STATUS_COLORS[item.status]}
        size="lg"
        data-testid="item-status"
        styles={{ root: { textTransform: 'none' } }}
      >
        {t(`status.${item.status}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {[
          item.floor && t('list.floor', { floor: item.floor }),
          data.template.name,
          item.lastVisitAt
            ? t('list.lastVisit', { date: formatDate(new Date(item.lastVisitAt)) })
            : t('list.neverVisited'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Group>
  );
};

/** The checklist one row at a time: the group it is in, the row, previous and next as big buttons. */
const OneAtATime = ({
  data,
  rows,
  byRow,
  mayWork,
  qualityHref,
}: {
  data: ServiceDataFullDto;
  rows: { row: ProjectServiceRowDto; groupName: string }[];
  byRow: Map<string, UserAnswerDto[]>;
  mayWork: boolean;
  qualityHref: string;
}) => {
  const { t } = useTranslation('serviceWork');
  const [index, setIndex] = useState(() => {
    const firstOpen = rows.findIndex(({ row }) => !byRow.has(row.id));
    return firstOpen === -1 ? 0 : firstOpen;
  });
  const at = Math.min(index, rows.length - 1);
  const current = rows[at];
  if (!current) return null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('answering.position', { group: current.groupName, index: at + 1, count: rows.length })}
      </Text>
      <Paper withBorder radius="md" p="md">
        <ChecklistRow
          key={current.row.id}
          serviceItemId={data.item.id}
          row={current.row}
          answers={byRow.get(current.row.id) ?? []}
          mayWork={mayWork}
          qualityHref={qualityHref}
        />
      </Paper>
      <Group grow gap="xs">
        <Button
          variant="default"
          size="md"
          leftSection={<IconChevronLeft size={18} />}
          disabled={at === 0}
          onClick={() => setIndex(at - 1)}
        >
          {t('answering.previous')}
        </Button>
        <Button
          size="md"
          rightSection={<IconChevronRight size={18} />}
          disabled={at === rows.length - 1}
          onClick={() => setIndex(at + 1)}
        >
          {t('answering.next')}
        </Button>
      </Group>
    </Stack>
  );
};

const AllAtOnce = ({
  data,
  byRow,
  mayWork,
  qualityHref,
}: {
  data: ServiceDataFullDto;
  byRow: Map<string, UserAnswerDto[]>;
  mayWork: boolean;
  qualityHref: string;
}) => (
  <Stack gap="lg">
    {data.groups.map((group) => (
      <Stack key={group.id} gap="xs" component="section" aria-label={group.name}>
        <Title order={3} size="h4">
          {group.name}
        </Title>
        {group.info && (
          <Text size="sm" c="dimmed">
            {group.info}
          </Text>
        )}
        {group.rows.map((row) => (
          <Paper key={row.id} withBorder radius="md" p="sm">
            <ChecklistRow
              serviceItemId={data.item.id}
              row={row}
              answers={byRow.get(row.id) ?? []}
              mayWork={mayWork}
              qualityHref={qualityHref}
            />
          </Paper>
        ))}
      </Stack>
    ))}
  </Stack>
);

const Checklist = ({ data, qualityHref }: { data: ServiceDataFullDto; qualityHref: string }) => {
  const { t } = useTranslation('serviceWork');
  const mayWork = useCan('service.work');
  const [mode, setMode] = useState<Mode>(initialMode);
  const byRow = useMemo(() => answersByRow(data.answers), [data.answers]);
  const rows = useMemo(
    () => data.groups.flatMap((group) => group.rows.map((row) => ({ row, groupName: group.name }))),
    [data.groups],
  );
  const answered = rows.filter(({ row }) => byRow.has(row.id)).length;
  if (rows.length === 0) return <Text c="dimmed">{t('answering.empty')}</Text>;
  return (
    <Stack gap="md">
      <ItemSummary data={data} />
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="answer-progress">
            {t('answering.progress', { answered, count: rows.length })}
          </Text>
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            aria-label={t('answering.mode')}
            data={[
              { value: 'one', label: t('answering.oneAtATime') },
              { value: 'all', label: t('answering.allAtOnce') },
            ]}
          />
        </Group>
        <Progress value={(answered / rows.length) * 100} size="sm" aria-hidden />
      </Stack>
      {mode === 'one' ? (
        <OneAtATime data={data} rows={rows} byRow={byRow} mayWork={mayWork} qualityHref={qualityHref} />
      ) : (
        <AllAtOnce data={data} byRow={byRow} mayWork={mayWork} qualityHref={qualityHref} />
      )}
    </Stack>
  );
};

/**
 * SPEC §2 route `serviceItem` (`/serviceItem?id=…`): the technician's screen for one service item —
 * its checklist from its own copy of the template, answered on site, with comments, pictures, the
 * customer's signature, and deviations raised where an answer asks for one.
 */
export const ServiceItemPage = ({
  links,
  renderItemExtras,
}: {
  links: ServiceWorkLinks;
  /** Below the checklist: what the app composes for the item (the parts and hours used on it). */
  renderItemExtras?: (item: { id: string; projectId: string }) => ReactNode;
}) => {
  const { t } = useTranslation('serviceWork');
  const [id] = useSearchParam('id');
  const validId = id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  const data = useServiceData(validId);
  useServiceAnswerPushes(validId);
  const item = data.data?.item;
  const title = item ? `${item.number}. ${item.name || data.data?.template.name}` : t('answering.title');
  const backTo = item ? links.projectDetailsHref(item.projectId) : null;
  return (
    <Stack gap={0} maw={760}>
      <PageHeader
        title={title}
        subtitle={data.data ? `${data.data.project.number} ${data.data.project.name}` : undefined}
        actions={
          backTo ? (
            <Anchor component={Link} to={backTo} size="sm">
              {t('answering.back')}
            </Anchor>
          ) : undefined
        }
      />
      {!validId ? (
        <Text c="dimmed">{t('answering.noItem')}</Text>
      ) : data.isError ? (
        <LoadFailedAlert
          title={t('answering.loadFailed')}
          retryLabel={t('actions.retry')}
          error={data.error}
          onRetry={() => void data.refetch()}
        />
      ) : !data.data ? (
        <Loader size="sm" />
      ) : (
        <>
          <Checklist data={data.data} qualityHref={links.qualityHref} />
          {renderItemExtras?.(data.data.item)}
        </>
      )}
    </Stack>
  );
};
