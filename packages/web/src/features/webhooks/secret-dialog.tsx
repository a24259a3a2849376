import { useTranslation } from 'react-i18next';
import { SecretDialog as SharedSecretDialog } from '@/components';

/** A new or rotated signing secret, shown this once with a copy button. */
export const SecretDialog = ({ secret, onClose }: { secret: string | null; onClose: () => void }) => {
  const { t } = useTranslation('webhooks');
  return (
    <SharedSecretDialog
      secret={secret}
      title={t('secretDialog.title')}
      message={t('secretDialog.message')}
      footnote='Karm-Signature: t=…,v1=HMAC-SHA256(secret, t + "." + body)'
      data-testid="webhook-secret"
      onClose={onClose}
    />
  );
};
