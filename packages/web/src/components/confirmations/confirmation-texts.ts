import type { ProcessColumnDto } from '@karm/domain/contract';
import type { PaymentDue, PaymentShare } from '@karm/domain/rules';
import { formatDate, formatNok } from '@karm/domain/rules';
import type { TFunction } from 'i18next';

/** A share of the plan as printed: "30 %", "33,33 %" or a kroner amount. */
export const formatShare = (share: PaymentShare) =>
  share.type === 'percent'
    ? `${(share.basisPoints / 100).toString().replace('.', ',')} %`
    : formatNok(share.amount);

/** A process column's name in the person's language. */
export const columnName = (column: Pick<ProcessColumnDto, 'nameNo' | 'nameEn'>, language: string) =>
  language === 'nb' ? column.nameNo : column.nameEn;

/** When a part falls due, in words ("On 01.04.2026", "When Montasje is completed"). */
export const dueText = (
  t: TFunction,
  due: PaymentDue,
  columns: readonly ProcessColumnDto[] | undefined,
  language: string,
) => {
  switch (due.kind) {
    case 'onDate':
      return t('due.onDateShown', { date: formatDate(due.date) });
    case 'processColumnCompleted': {
      const column = columns?.find((candidate) => candidate.id === due.columnId);
      return t('due.processColumnCompletedShown', { column: column ? columnName(column, language) : '…' });
    }
    default:
      return t(`due.${due.kind}`);
  }
};
