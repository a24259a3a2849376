import { SERVICE_ITEM_LIMITS, type ServiceLocation, type ServiceTemplateDto } from '@karm/domain/contract';
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locationFromText, type NewItemFields } from './service-items-draft';

const coordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * A new item: its template and floor, and where it stands — a click on the map fills the
 * coordinates, or they are typed. Both coordinates or neither (SPEC §5).
 */
export const AddItemForm = ({
  projectId,
  templates,
  placed,
  onAdd,
}: {
  projectId: string;
  templates: readonly ServiceTemplateDto[];
  /** The last click on the map. */
  placed: ServiceLocation | null;
  onAdd: (fields: NewItemFields) => void;
}) => {
  const { t } = useTranslation('serviceWork');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [floor, setFloor] = useState('');
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!placed) return;
    setLat(coordinate(placed.lat));
    setLng(coordinate(placed.lng));
    setError(null);
  }, [placed]);

  const template = templates.find((candidate) => candidate.id === templateId) ?? null;
  const add = () => {
    const location = locationFromText(lat, lng);
    if (location === 'incomplete' || location === 'range') {
      setError(t(location === 'range' ? 'form.locationRange' : 'form.locationIncomplete'));
      return;
    }
    if (!template) return;
    onAdd({
      id: crypto.randomUUID(),
      projectId,
      serviceTemplateId: template.id,
      templateName: template.name,
      name: name.trim(),
      floor: floor.trim(),
      location,
      emergencyType: 'none',
    });
    setName('');
    setLat('');
    setLng('');
    setError(null);
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600} size="sm" mb={4}>
        {t('form.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('form.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Select
          label={t('form.template')}
          placeholder={t('form.templatePlaceholder')}
          data={templates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={templateId}
          onChange={setTemplateId}
          searchable
          required
        />
        <TextInput
          label={t('form.name')}
          value={name}
          maxLength={SERVICE_ITEM_LIMITS.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('form.floor')}
          value={floor}
          maxLength={SERVICE_ITEM_LIMITS.floor}
          onChange={(event) => setFloor(event.currentTarget.value)}
        />
        <Group grow gap="xs" align="flex-start">
          <TextInput
            label={t('form.lat')}
            value={lat}
            inputMode="decimal"
            onChange={(event) => setLat(event.currentTarget.value)}
          />
          <TextInput
            label={t('form.lng')}
            value={lng}
            inputMode="decimal"
            onChange={(event) => setLng(event.currentTarget.value)}
          />
        </Group>
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Button leftSection={<IconPlus size={16} />} onClick={add} disabled={!template}>
          {t('form.add')}
        </Button>
      </Group>
    </Paper>
  );
};
