import type { Role } from '@karm/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ROLE_COLOURS: Record<Role, string> = {
  admin: 'red',
  office: 'blue',
  leader: 'teal',
  technician: 'orange',
  readonly: 'gray',
};

export const RoleBadge = ({ role }: { role: Role }) => {
  const { t } = useTranslation('users');
  return (
    // Never cut short in a narrow column: the role is what the row is read for.
    <Badge
      color={ROLE_COLOURS[role]}
      variant="light"
      style={{ textTransform: 'none', minWidth: 'max-content' }}
    >
      {t(`roles.${role}`)}
    </Badge>
  );
};
