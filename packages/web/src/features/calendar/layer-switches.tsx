import { CALENDAR_LAYER_COLOURS, CALENDAR_LAYERS, type CalendarLayer } from '@karm/domain/contract';
import { Chip, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The layers switched on and off, each in its colour; the choice is kept per user across reloads.
 * Layers whose module is not built yet are named, so nobody looks for them in vain.
 */
export const LayerSwitches = ({
  layers,
  onChange,
}: {
  layers: readonly CalendarLayer[];
  onChange: (layers: CalendarLayer[]) => void;
}) => {
  const { t } = useTranslation('calendar');
  return (
    <Stack gap={4}>
      <Chip.Group multiple value={[...layers]} onChange={(value) => onChange(value as CalendarLayer[])}>
        <Group gap={6} role="group" aria-label={t('layers.label')}>
          {CALENDAR_LAYERS.map((layer) => (
            <Chip
              key={layer}
              value={layer}
              size="xs"
              variant="outline"
              data-layer={layer}
              icon={<ColorSwatch color={CALENDAR_LAYER_COLOURS[layer]} size={10} />}
            >
              {t(`layers.${layer}.label`)}
            </Chip>
          ))}
          <Chip size="xs" variant="outline" disabled checked={false} title={t('layers.serviceVisits.note')}>
            {t('layers.serviceVisits.label')}
          </Chip>
        </Group>
      </Chip.Group>
      <Text size="xs" c="dimmed">
        {t('layers.notYet')}
      </Text>
    </Stack>
  );
};
