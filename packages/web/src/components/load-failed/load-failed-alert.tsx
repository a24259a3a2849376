import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessageOf } from '../notify/notify';

export type LoadFailedAlertProps = {
  /** What could not be loaded ("The projects could not be loaded."). */
  title: string;
  error: unknown;
  retryLabel: string;
  onRetry: () => void;
};

/** A list or panel whose data did not load: why, in the user's language, and a button to try again. */
export const LoadFailedAlert = ({ title, error, retryLabel, onRetry }: LoadFailedAlertProps) => (
  <Alert color="red" variant="light" title={title}>
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{errorMessageOf(error)}</Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  </Alert>
);
