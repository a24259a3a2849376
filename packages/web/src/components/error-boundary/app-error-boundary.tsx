import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '@/lib/error-reporting';

export type ErrorFallbackProps = { error: Error; onReload: () => void };

export const ErrorFallback = ({ error, onReload }: ErrorFallbackProps) => {
  const { t } = useTranslation('components');
  return (
    <Center role="alert" mih={240} p="xl">
      <Stack align="center" gap="sm" maw={520}>
        <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={2} size="h3">
          {t('errorBoundary.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('errorBoundary.description')}
        </Text>
        {error.message && <Code block>{error.message}</Code>}
        <Button leftSection={<IconRefresh size={16} />} onClick={onReload}>
          {t('errorBoundary.reload')}
        </Button>
      </Stack>
    </Center>
  );
};

export type AppErrorBoundaryProps = {
  children: ReactNode;
  /** What the reload button does. @default window.location.reload() */
  onReload?: () => void;
};

type State = { error: Error | null };

const asError = (value: unknown) => (value instanceof Error ? value : new Error(String(value)));

/** Catches render errors below it, reports them to the server and shows a way out. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: asError(error) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    void reportClientError('render', error, { componentStack: info.componentStack });
  }

  private reload = () => (this.props.onReload ? this.props.onReload() : window.location.reload());

  render() {
    return this.state.error ? (
      <ErrorFallback error={this.state.error} onReload={this.reload} />
    ) : (
      this.props.children
    );
  }
}
