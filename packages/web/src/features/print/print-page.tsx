import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** What a screen hands to /print: a title and the lines to print. */
export type PrintContent = { title: string; lines: string[] };

/** SPEC §2 /print: a clean print view with Back and Print; the buttons do not print. */
export const PrintPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const content = (useLocation().state as { print?: PrintContent } | null)?.print;

  return (
    <Stack>
      <Group justify="space-between" className="no-print">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
          {t('print.back')}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!content}>
          {t('print.print')}
        </Button>
      </Group>
      <Paper withBorder p="xl" radius="sm">
        {content ? (
          <Stack gap="xs">
            <Title order={2}>{content.title}</Title>
            {content.lines.map((line, index) => (
              // Lines have no identity of their own; their order is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Text key={index}>{line}</Text>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t('print.empty')}</Text>
        )}
      </Paper>
    </Stack>
  );
};
