import { Button } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components';

/** The server log has its own screen; this tab points to it. */
export const ServerLogsTab = ({ logsPath }: { logsPath: string }) => {
  const { t } = useTranslation('admin');
  return (
    <EmptyState
      icon={<IconFileText size={30} />}
      title={t('tabs.serverLogs')}
      description={t('serverLogs.text')}
    >
      <Button component={Link} to={logsPath} variant="light" mt="sm">
        {t('serverLogs.open')}
      </Button>
    </EmptyState>
  );
};
