import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_Z_INDEX } from '../confirm-action/confirm-action';

export type ArchiveReasonDialogProps = {
  opened: boolean;
  onCancel: () => void;
  /** Resolves when the archiving is done (or failed); the dialog stays busy until then. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** What is archived, e.g. "Archive the inquiry", and a line on what archiving means. */
  title: string;
  text: string;
  /** The contract's limit for the reason. */
  maxLength: number;
};

/** SPEC §4: archiving asks why; the reason is kept with who archived and when (projects, inquiries…). */
export const ArchiveReasonDialog = ({
  opened,
  onCancel,
  onConfirm,
  title,
  text,
  maxLength,
}: ArchiveReasonDialogProps) => {
  const { t } = useTranslation('components');
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
    <Modal opened={opened} onClose={close} title={title} centered zIndex={CONFIRM_Z_INDEX}>
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Textarea
          label={t('archiveReason.reason')}
          withAsterisk
          rows={3}
          resize="vertical"
          maxLength={maxLength}
          data-autofocus
          value={reason}
          error={isMissing ? t('archiveReason.reasonRequired') : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={isBusy}>
            {t('archiveReason.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={isBusy}>
            {t('archiveReason.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
