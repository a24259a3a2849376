import type { FileDto } from '@karm/domain/contract';
import { ActionIcon, Button, FileButton, Group, Image, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewerDialog, notifyError } from '@/components';
import { useGlobalSearch } from '@/lib/api/search';
import { useDownloadLink } from '@/lib/download-links';
import { uploadPicture } from './quality-api';

/** The project a deviation came from, found by number or name through the header's search. */
export const ProjectPicker = ({
  value,
  label: initialLabel,
  onChange,
  error,
  disabled,
}: {
  value: string | null;
  label: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('quality');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 250);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(
    value && initialLabel ? { value, label: initialLabel } : null,
  );
  const search = useGlobalSearch(debounced);
  const hits = (search.data?.groups ?? [])
    .filter((group) => group.kind === 'project')
    .flatMap((group) => group.hits.map((hit) => ({ value: hit.id, label: `${hit.number} ${hit.title}` })));
  const data = picked && !hits.some((hit) => hit.value === picked.value) ? [picked, ...hits] : hits;
  return (
    <Select
      label={t('fields.project')}
      placeholder={t('fields.projectSearch')}
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={value}
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      nothingFoundMessage={debounced ? t('fields.projectNone') : t('fields.projectSearch')}
      error={error}
      onChange={(id, option) => {
        setPicked(id && option ? { value: id, label: option.label } : null);
        onChange(id);
      }}
    />
  );
};

const Thumb = ({ id, onRemove }: { id: string; onRemove?: () => void }) => {
  const { t } = useTranslation('quality');
  const url = useDownloadLink({ kind: 'file', id });
  const [isOpen, setOpen] = useState(false);
  return (
    <div style={{ position: 'relative' }}>
      {url ? (
        <Image
          src={url}
          alt={t('fields.picture')}
          w={88}
          h={88}
          radius="sm"
          fit="cover"
          style={{ cursor: 'zoom-in' }}
          onClick={() => setOpen(true)}
        />
      ) : (
        <Loader size="sm" m={32} />
      )}
      {onRemove && (
        <ActionIcon
          size="xs"
          color="red"
          variant="filled"
          aria-label={t('fields.removePicture')}
          style={{ position: 'absolute', top: 2, right: 2 }}
          onClick={onRemove}
        >
          <IconX size={12} />
        </ActionIcon>
      )}
      <ImageViewerDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        images={[{ url: url ?? '', name: t('fields.picture') }]}
      />
    </div>
  );
};

/** A deviation's pictures: uploaded through the files module, shown as thumbnails that open large. */
export const PicturesField = ({
  value,
  onChange,
  disabled,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('quality');
  const [isUploading, setUploading] = useState(false);
  const add = async (files: File[]) => {
    setUploading(true);
    try {
      const stored: FileDto[] = [];
      for (const file of files) stored.push(await uploadPicture(file));
      onChange([...value, ...stored.map((file) => file.id)]);
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('fields.pictures')}
      </Text>
      <Group gap="xs" align="flex-start">
        {value.map((id) => (
          <Thumb
            key={id}
            id={id}
            onRemove={disabled ? undefined : () => onChange(value.filter((other) => other !== id))}
          />
        ))}
        {!disabled && (
          <FileButton onChange={(files) => void add(files)} accept="image/png,image/jpeg,image/webp" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                h={88}
                loading={isUploading}
                leftSection={<IconPhotoPlus size={18} />}
              >
                {t('fields.addPicture')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </div>
  );
};
