import { type DeliveryColour, deliveryColour, formatDate, type ProjectState } from '@karm/domain/rules';
import { Badge, Box, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATE_COLOURS: Record<ProjectState, string> = { active: 'blue', completed: 'teal', archived: 'gray' };

export const ProjectStateBadge = ({ state }: { state: ProjectState }) => {
  const { t } = useTranslation('projects');
  return (
    <Badge variant="light" color={STATE_COLOURS[state]} data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
};

/** The coloured dot of SPEC §4's delivery colour; always paired with words elsewhere. */
export const DeliveryDot = ({ colour, size = 10 }: { colour: DeliveryColour; size?: number }) => (
  <Box
    component="span"
    aria-hidden
    w={size}
    h={size}
    style={{ borderRadius: '50%', flex: 'none', background: `var(--mantine-color-${colour}-6)` }}
  />
);

export type DeliveryDateProps = {
  date: string | null;
  /** `YYYY-MM-DD` in Europe/Oslo. */
  today: string;
  /** Only a project still under way has a delivery to worry about; others show the date alone. */
  isActive: boolean;
};

/**
 * The delivery date with SPEC §4's colour: red when due today or overdue, orange within three days,
 * green beyond. The colour is also said in words (tooltip and screen readers), not by hue alone.
 */
export const DeliveryDate = ({ date, today, isActive }: DeliveryDateProps) => {
  const { t } = useTranslation('projects');
  if (!date) return null;
  if (!isActive) return <Text size="sm">{formatDate(date)}</Text>;
  const colour = deliveryColour(date, today);
  const meaning = t(`delivery.${colour}`);
  return (
    <Tooltip label={meaning} withArrow>
      <Group gap={6} wrap="nowrap" data-delivery-colour={colour}>
        <DeliveryDot colour={colour} />
        <Text size="sm" component="span">
          {formatDate(date)}
        </Text>
        <VisuallyHidden>{meaning}</VisuallyHidden>
      </Group>
    </Tooltip>
  );
};
