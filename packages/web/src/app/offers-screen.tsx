import { Button } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalculatedOfferLine, PriceCalculatorDialog } from '@/components';
import { OffersPage } from '@/features/offers';
import { href } from './routes';
import { useProjectDialog } from './use-project-dialog';

/** The offer lines' "Price calculator" button: the priced door becomes a new line. */
const PriceCalculatorButton = ({ addLine }: { addLine: (line: CalculatedOfferLine) => void }) => {
  const { t } = useTranslation('calculator');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconCalculator size={16} />} onClick={() => setOpen(true)}>
        {t('title')}
      </Button>
      <PriceCalculatorDialog opened={isOpen} onClose={() => setOpen(false)} onAddLine={addLine} />
    </>
  );
};

/**
 * SPEC §2 /offer, composed with the project dialog so "Project N" on a converted offer opens it, and
 * with the price calculator for the offer's lines.
 */
export const OffersScreen = () => {
  const { openProject, projectDialog } = useProjectDialog();
  return (
    <>
      <OffersPage
        onOpenProject={openProject}
        printHref={href.offerPrint}
        renderLineActions={(addLine) => <PriceCalculatorButton addLine={addLine} />}
      />
      {projectDialog}
    </>
  );
};
