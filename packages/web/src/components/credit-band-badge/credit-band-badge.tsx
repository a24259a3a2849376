import type { CreditBandDto } from '@karm/domain/contract';
import { basisPointsToPercent, creditBandOfScore } from '@karm/domain/rules';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreditBands } from '@/lib/api/billing-settings';

/** Best band green, worst red, the ones between in order: the colour follows the band's place. */
const BAND_COLOURS = ['green', 'lime', 'yellow', 'orange', 'red'] as const;

export const creditBandColour = (
  band: Pick<CreditBandDto, 'id'>,
  bands: readonly Pick<CreditBandDto, 'id'>[],
) => {
  const index = bands.findIndex((candidate) => candidate.id === band.id);
  if (bands.length <= 1 || index < 0) return BAND_COLOURS[0];
  const step = Math.round((index / (bands.length - 1)) * (BAND_COLOURS.length - 1));
  return BAND_COLOURS[step] ?? BAND_COLOURS[0];
};

/** The rule of a band in words: the lowest prepayment and whether an admin must approve. */
export const useCreditBandRule = () => {
  const { t } = useTranslation('billing');
  return (band: Pick<CreditBandDto, 'minPrepaymentBasisPoints' | 'requiresAdminApproval'>) =>
    `${t('band.rule', { percent: basisPointsToPercent(band.minPrepaymentBasisPoints) })} · ${
      band.requiresAdminApproval ? t('band.approval') : t('band.noApproval')
    }`;
};

/**
 * The credit band a credit score names (its code, case-insensitive), as a coloured badge with the
 * band's rule in a tooltip; nothing when the score names no band. Shown next to a customer's and an
 * inquiry's credit score.
 */
export const CreditBandBadge = ({ score }: { score: string | null | undefined }) => {
  const { t } = useTranslation('billing');
  const bands = useCreditBands();
  const ruleOf = useCreditBandRule();
  const list = bands.data ?? [];
  const band = creditBandOfScore(list, score);
  if (!band) return null;
  const title = band.name
    ? `${t('band.label', { code: band.code })} · ${band.name}`
    : t('band.label', { code: band.code });
  return (
    <Tooltip label={`${title}: ${ruleOf(band)}`} multiline w={280} withArrow>
      <Badge
        data-credit-band={band.code}
        color={creditBandColour(band, list)}
        variant="filled"
        size="sm"
        style={{ flexShrink: 0 }}
        aria-label={`${title}: ${ruleOf(band)}`}
      >
        {band.code}
      </Badge>
    </Tooltip>
  );
};
