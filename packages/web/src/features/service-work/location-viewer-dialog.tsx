import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components';
import type { DraftItem } from './service-items-draft';
import { ServiceMap } from './service-map';

/** SPEC §2 location viewer: one service item on the map. */
export const LocationViewerDialog = ({
  item,
  tileUrl,
  itemLabel,
  onClose,
}: {
  item: DraftItem | null;
  tileUrl: string | null;
  itemLabel: (item: DraftItem) => string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('serviceWork');
  return (
    <AppDialog opened={item !== null} onClose={onClose} title={t('viewer.title')} size="lg">
      {item && (
        <>
          <Text size="sm" mb="xs">
            {itemLabel(item)}
            {item.location && ` · ${item.location.lat.toFixed(5)}, ${item.location.lng.toFixed(5)}`}
          </Text>
          {item.location ? (
            <ServiceMap
              items={[item]}
              tileUrl={tileUrl}
              height={360}
              label={t('viewer.mapLabel')}
              itemLabel={itemLabel}
              fitPoints={[item.location]}
            />
          ) : (
            <Text c="dimmed">{t('list.noLocation')}</Text>
          )}
        </>
      )}
    </AppDialog>
  );
};
