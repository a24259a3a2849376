import type { MessageDto } from '@karm/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whom a message went to, as a small badge: named people, a work group, or everyone. */
export const AudienceBadge = ({ message }: { message: Pick<MessageDto, 'audience' | 'workGroup'> }) => {
  const { t } = useTranslation(['messages', 'common']);
  if (message.audience === 'everyone')
    return (
      <Badge variant="light" color="grape">
        {t('audience.everyone')}
      </Badge>
    );
  if (message.audience === 'workGroup') {
    const group = message.workGroup ?? '';
    return (
      <Badge variant="light" color="teal">
        {t('audience.workGroup', { name: t(`common:workGroups.${group}`, { defaultValue: group }) })}
      </Badge>
    );
  }
  return null;
};
