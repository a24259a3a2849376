import { Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCan } from '@/lib/permissions';
import { MailOutbox } from './mail-outbox';

/**
 * The admin tab "messages": the company's internal messages (the messages module's list, given as
 * `children` by the app) and, for whoever manages the system, the outgoing mail.
 */
export const MessagesTab = ({ children }: { children?: ReactNode }) => {
  const mayReadOutbox = useCan('system.manage');
  return (
    <Stack>
      {children}
      {mayReadOutbox && (
        <>
          <Divider />
          <MailOutbox />
        </>
      )}
    </Stack>
  );
};
