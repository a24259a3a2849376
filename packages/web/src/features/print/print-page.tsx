import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** What a screen hands to /print: a title and the lines to print. */
export type PrintContent = { title: string; lines: string[] };

/** A sheet a feature prints through its own address (`/print?sheet=<name>&…`), reading its parameters. */
export type PrintSheet = ComponentType<{ search: URLSearchParams }>;

/**
 * SPEC §2 /print: a clean print view with Back and Print; the buttons do not print. It shows a
 * screen's lines handed over in the navigation, or a sheet named in the address (the app composes
 * the features' sheets, e.g. the planner's week sheet for the workshop wall).
 */
export const PrintPage = ({ sheets = {} }: { sheets?: Readonly<Record<string, PrintSheet>> }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const content = (useLocation().state as { print?: PrintContent } | null)?.print;
  const sheetName = search.get('sheet');
  const Sheet = sheetName && Object.hasOwn(sheets, sheetName) ? sheets[sheetName] : undefined;

  return (
    <Stack>
      <Group justify="space-between" className="no-print">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate(-1)}>
          {t('print.back')}
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={!content && !Sheet}
        >
          {t('print.print')}
        </Button>
      </Group>
      {Sheet ? (
        <Suspense
          fallback={
            <Group justify="center" py="xl">
              <Loader />
            </Group>
          }
        >
          <Sheet search={search} />
        </Suspense>
      ) : (
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
      )}
    </Stack>
  );
};
