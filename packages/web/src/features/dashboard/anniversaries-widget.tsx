import { formatDate } from '@karm/domain/rules';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCake, IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDashboardAnniversaries } from './use-dashboard';
import { WidgetCard } from './widget-card';

/** Birthdays and anniversaries of employment in the next 14 days (SPEC §1, §9); round ones marked. */
export const AnniversariesWidget = () => {
  const { t } = useTranslation('dashboard');
  const query = useDashboardAnniversaries({ enabled: true });
  const data = query.data;
  return (
    <WidgetCard
      widget="anniversaries"
      title={t('anniversaries.title', { days: data?.days ?? 14 })}
      query={query}
    >
      {data &&
        (data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('anniversaries.none')}
          </Text>
        ) : (
          <Stack gap={8}>
            {data.items.map((item) => (
              <Group
                key={`${item.personId}-${item.kind}`}
                gap="xs"
                wrap="nowrap"
                data-anniversary={item.kind}
              >
                {item.kind === 'birthday' ? <IconCake size={18} /> : <IconConfetti size={18} />}
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`anniversaries.${item.kind}`, { count: item.years })}
                  </Text>
                </Stack>
                {item.isRound && (
                  <Badge color="grape" variant="light" size="sm">
                    {t('anniversaries.round')}
                  </Badge>
                )}
                <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.daysAway === 0 ? t('anniversaries.today') : formatDate(item.date)}
                </Text>
              </Group>
            ))}
          </Stack>
        ))}
    </WidgetCard>
  );
};
