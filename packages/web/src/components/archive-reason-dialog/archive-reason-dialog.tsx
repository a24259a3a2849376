import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_Z_INDEX } from '@/components';

export type ArchiveReasonDialogProps = {
  opened: boolean;
  onCancel: () => void;
  /** Resolves when the archiving is done (or failed); the dialog stays busy until then. */
  onConfirm: (reason: string) => Promise<unknown>;
};

/** SPEC §4: archiving asks why; the reason is kept with who archived and when. */
export const ArchiveReasonDialog = ({ opened, onCancel, onConfirm }: ArchiveReasonDialogProps) => {
  const { t } = useTranslation('projects');
  const [reason, setReason] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [isMissing, setMissing] = useState(false);

  const close = () => {
    setReason('');
    setMissing(false);
    onCancel();
  };

  const confirm = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      setReason('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('archive.title')} centered zIndex={CONFIRM_Z_INDEX}>
      <Stack gap="sm">
        <Text size="sm">{t('archive.text')}</Text>
        <Textarea
          label={t('archive.reason')}
          withAsterisk
          rows={3}
          resize="vertical"
          maxLength={1000}
          data-autofocus
          value={reason}
          error={isMissing ? t('archive.reasonRequired') : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isBusy}>
            {t('archive.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={isBusy}>
            {t('archive.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
