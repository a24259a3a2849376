import type { ServiceLocation } from '@karm/domain/contract';
import { Alert, Badge, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert, notifyError, notifySuccess, useConfirm } from '@/components';
import { useCan } from '@/lib/permissions';
import { useIsPhone } from '@/lib/use-is-phone';
import { AddItemForm } from './add-item-form';
import { LocationViewerDialog } from './location-viewer-dialog';
import { ServiceItemList } from './service-item-list';
import {
  addDraft,
  changeCount,
  type DraftItem,
  draftsOf,
  moveDraft,
  removeDraft,
  saveInputOf,
} from './service-items-draft';
import { ServiceMap } from './service-map';
import {
  useMapSettings,
  useSaveServiceItems,
  useServiceItemPushes,
  useServiceItems,
  useTemplateChoices,
} from './service-work-api';

/**
 * One service project's items on a list and a map (SPEC §2 /service-project-details, §4): new, moved
 * and removed items are kept here, marked, until one Save applies them all (one transaction on the
 * server) and clears the marks. A failed save keeps every mark, so nothing is lost.
 */
export const ServiceProjectItems = ({
  projectId,
  serviceItemHref,
  logbookHref,
}: {
  projectId: string;
  serviceItemHref: (serviceItemId: string) => string;
  logbookHref: (serviceItemId: string) => string;
}) => {
  const { t } = useTranslation('serviceWork');
  const isPhone = useIsPhone();
  const mayWork = useCan('service.work');
  const confirm = useConfirm();
  useServiceItemPushes();
  const items = useServiceItems(projectId);
  const mapSettings = useMapSettings();
  const templates = useTemplateChoices();
  const save = useSaveServiceItems();
  const [drafts, setDrafts] = useState<DraftItem[]>([]);
  const [placed, setPlaced] = useState<ServiceLocation | null>(null);
  const [viewing, setViewing] = useState<DraftItem | null>(null);
  const changes = changeCount(drafts);
  const savedPoints = useMemo(
    () => (items.data ?? []).flatMap((item) => (item.location ? [item.location] : [])),
    [items.data],
  );

  // The server's items replace the local ones only while nothing is waiting to be saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drafts are read, not watched
  useEffect(() => {
    if (items.data && changeCount(drafts) === 0) setDrafts(draftsOf(items.data));
  }, [items.data]);

  const itemLabel = useMemo(
    () => (item: DraftItem) =>
      `${item.number === null ? t('list.newNumber') : `#${item.number}`} ${item.name || item.templateName}`,
    [t],
  );

  const remove = async (item: DraftItem) => {
    const sure = await confirm({
      title: t('remove.title'),
      message: t('remove.message', { item: itemLabel(item) }),
      confirmLabel: t('actions.remove'),
    });
    if (sure) setDrafts((current) => removeDraft(current, item.id));
  };

  const saveAll = async () => {
    try {
      const saved = await save.mutateAsync(saveInputOf(projectId, drafts));
      setDrafts(draftsOf(saved));
      setPlaced(null);
      notifySuccess(t('toast.saved', { count: changes }));
    } catch (error) {
      notifyError(error);
    }
  };

  const discard = async () => {
    const sure = await confirm({
      title: t('discard.title'),
      message: t('discard.message'),
      confirmLabel: t('actions.discard'),
    });
    if (sure) {
      setDrafts(draftsOf(items.data ?? []));
      setPlaced(null);
    }
  };

  if (items.isError)
    return (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('actions.retry')}
        error={items.error}
        onRetry={() => void items.refetch()}
      />
    );
  const tileUrl = mapSettings.data?.tileUrl ?? null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {changes > 0 ? (
          <Badge color="orange" variant="light" size="lg" data-testid="unsaved-changes">
            {t('unsaved', { count: changes })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('itemCount', { count: drafts.filter((item) => !item.isRemoved).length })}
          </Text>
        )}
        {mayWork && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              disabled={changes === 0 || save.isPending}
              onClick={() => void discard()}
            >
              {t('actions.discard')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={changes === 0}
              loading={save.isPending}
              onClick={() => void saveAll()}
            >
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Group>
      {mayWork && (
        <Text size="xs" c="dimmed">
          {t('mapHint')}
        </Text>
      )}
      {!tileUrl && mapSettings.isSuccess && (
        <Alert color="gray" variant="light" p="xs">
          <Text size="xs">{t('noTiles')}</Text>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ServiceMap
            items={drafts}
            tileUrl={tileUrl}
            height={isPhone ? 340 : 520}
            label={t('mapLabel')}
            itemLabel={itemLabel}
            pending={placed}
            fitPoints={savedPoints}
            onPlace={mayWork ? setPlaced : undefined}
            onMove={
              mayWork ? (id, location) => setDrafts((current) => moveDraft(current, id, location)) : undefined
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            {mayWork && (
              <AddItemForm
                projectId={projectId}
                templates={templates.data ?? []}
                placed={placed}
                onAdd={(fields) => {
                  setDrafts((current) => addDraft(current, fields));
                  setPlaced(null);
                }}
              />
            )}
            <ServiceItemList
              items={drafts}
              itemLabel={itemLabel}
              mayWork={mayWork}
              onShow={setViewing}
              onRemove={(item) => void remove(item)}
              serviceItemHref={serviceItemHref}
              logbookHref={logbookHref}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <LocationViewerDialog
        item={viewing}
        tileUrl={tileUrl}
        itemLabel={itemLabel}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
};
