import { CALENDAR_LAYER_COLOURS, CALENDAR_LAYERS, type CalendarLayer } from '@karm/domain/contract';
import { Chip, ColorSwatch, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The layers switched on and off, each in its colour; the choice is kept per user across reloads.
 * Only the layers the person may read are offered.
 */
export const LayerSwitches = ({
  layers,
  available = CALENDAR_LAYERS,
  onChange,
}: {
  layers: readonly CalendarLayer[];
  available?: readonly CalendarLayer[];
  onChange: (layers: CalendarLayer[]) => void;
}) => {
  const { t } = useTranslation('calendar');
  return (
    <Stack gap={4}>
      <Chip.Group multiple value={[...layers]} onChange={(value) => onChange(value as CalendarLayer[])}>
        <Group gap={6} role="group" aria-label={t('layers.label')}>
          {available.map((layer) => (
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
        </Group>
      </Chip.Group>
    </Stack>
  );
};
