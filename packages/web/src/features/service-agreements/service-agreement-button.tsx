import { formatDate } from '@karm/domain/rules';
import { Button } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceAgreementDialog } from './service-agreement-dialog';
import { useAgreementOfProject, useAgreementPushes } from './service-agreements-api';

/**
 * The service project details screen's way into the service agreement dialog: the button says when
 * the next visit is, once the project has an agreement.
 */
export const ServiceAgreementButton = ({
  projectId,
  projectName,
}: {
  projectId: string;
  projectName?: string;
}) => {
  const { t } = useTranslation('serviceAgreements');
  const [isOpen, setOpen] = useState(false);
  const agreement = useAgreementOfProject(projectId).data?.agreement;
  useAgreementPushes();
  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconFileCertificate size={16} />}
        onClick={() => setOpen(true)}
        data-testid="open-service-agreement"
      >
        {agreement?.nextVisitDate
          ? t('buttonNext', { date: formatDate(agreement.nextVisitDate) })
          : t('button')}
      </Button>
      {isOpen && (
        <ServiceAgreementDialog
          projectId={projectId}
          projectName={projectName}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};
