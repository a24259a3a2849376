import { SERVICE_ITEM_STATUS_COLORS } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconBook, IconChecklist, IconMapPin, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DraftItem } from './service-items-draft';

const flagOf = (item: DraftItem) =>
  item.isRemoved ? 'removed' : item.isNew ? 'new' : item.isEdited ? 'edited' : null;
const FLAG_COLORS = { removed: 'red', new: 'blue', edited: 'orange' } as const;

/** The project's items: number, name, floor, template, last visit, status colour and what is not saved yet. */
export const ServiceItemList = ({
  items,
  itemLabel,
  mayWork,
  onShow,
  onRemove,
  serviceItemHref,
  logbookHref,
}: {
  items: readonly DraftItem[];
  itemLabel: (item: DraftItem) => string;
  mayWork: boolean;
  onShow: (item: DraftItem) => void;
  onRemove: (item: DraftItem) => void;
  serviceItemHref: (serviceItemId: string) => string;
  logbookHref: (serviceItemId: string) => string;
}) => {
  const { t } = useTranslation('serviceWork');
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('list.label')}
    >
      {items.map((item) => {
        const flag = flagOf(item);
        return (
          <Paper
            component="li"
            key={item.id}
            withBorder
            p="xs"
            radius="md"
            data-testid="service-item"
            opacity={item.isRemoved ? 0.6 : 1}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <span
                  role="img"
                  aria-label={t(`status.${item.status}`)}
                  title={t(`status.${item.status}`)}
                  style={{
                    flex: 'none',
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    background: SERVICE_ITEM_STATUS_COLORS[item.status],
                  }}
                />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate td={item.isRemoved ? 'line-through' : undefined}>
                      {itemLabel(item)}
                    </Text>
                    {flag && (
                      <Badge size="sm" variant="light" color={FLAG_COLORS[flag]} style={{ flex: 'none' }}>
                        {t(`flags.${flag}`)}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {[
                      item.floor && t('list.floor', { floor: item.floor }),
                      item.templateName,
                      item.lastVisitAt
                        ? t('list.lastVisit', { date: formatDate(new Date(item.lastVisitAt)) })
                        : t('list.neverVisited'),
                      item.location ? null : t('list.noLocation'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                {!item.isNew && !item.isRemoved && (
                  <Tooltip label={t('answering.openChecklist')}>
                    <ActionIcon
                      component={Link}
                      to={serviceItemHref(item.id)}
                      variant="subtle"
                      aria-label={`${t('answering.openChecklist')}: ${itemLabel(item)}`}
                    >
                      <IconChecklist size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {!item.isNew && (
                  <Tooltip label={t('logbook.open')}>
                    <ActionIcon
                      component={Link}
                      to={logbookHref(item.id)}
                      variant="subtle"
                      aria-label={`${t('logbook.open')}: ${itemLabel(item)}`}
                    >
                      <IconBook size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Tooltip label={t('actions.showOnMap')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('actions.showOnMap')}: ${itemLabel(item)}`}
                    onClick={() => onShow(item)}
                    disabled={!item.location}
                  >
                    <IconMapPin size={18} />
                  </ActionIcon>
                </Tooltip>
                {mayWork && !item.isRemoved && (
                  <Tooltip label={t('actions.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('actions.remove')}: ${itemLabel(item)}`}
                      onClick={() => onRemove(item)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
};
