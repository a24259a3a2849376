import { Alert, Button, Checkbox, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Saves the codes as a text file, the way a browser downloads anything made on the page. */
const downloadAsText = (fileName: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
};

/**
 * New recovery codes, shown this once: copy or download them, then say they are saved to go on.
 * Used when two-factor sign-in is turned on (profile or sign-in) and when the codes are renewed.
 */
export const RecoveryCodesPanel = ({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  /** Runs after "I have saved them"; the button stays busy while it runs. */
  onDone: () => unknown;
}) => {
  const { t } = useTranslation('security');
  const [isSaved, setSaved] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const asText = [t('recovery.fileIntro', { username }), '', ...codes, ''].join('\n');

  const done = async () => {
    setBusy(true);
    try {
      await onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Alert color="yellow" icon={<IconLifebuoy size={18} />} title={t('recovery.title')}>
        {t('recovery.text')}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={2} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {codes.map((code) => (
            <Text key={code} component="li" ff="monospace" fz="md" ta="center" data-testid="recovery-code">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group>
        <CopyButton value={asText}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('recovery.copied') : t('recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadAsText(t('recovery.fileName'), asText)}
        >
          {t('recovery.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('recovery.saved')}
        checked={isSaved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button onClick={() => void done()} disabled={!isSaved} loading={isBusy}>
        {t('recovery.continue')}
      </Button>
    </Stack>
  );
};
