import { REPORTS, type ReportDto, type ReportKey, type ReportMeasure } from '@karm/domain/contract';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFigure, reportRowLabel } from './report-format';
import { type ReportLinks, reportRowHref } from './report-links';

const LOCALES = { en: 'en-GB', nb: 'nb-NO' } as const;

/**
 * A report's table: a row per bar, a column per measure, the total row when the rows add up. A row
 * whose list exists links to it. Wide tables scroll inside the card on a phone.
 */
export const ReportTable = ({
  report,
  data,
  links,
}: {
  report: ReportKey;
  data: ReportDto;
  links: ReportLinks;
}) => {
  const { t, i18n } = useTranslation('reports');
  const locale = LOCALES[i18n.language === 'nb' ? 'nb' : 'en'];
  const measures: readonly ReportMeasure[] = REPORTS[report].measures;
  const hasTotal = Object.values(data.totals).some((value) => value !== null);
  const figures = (values: Record<string, number | null>, attribute: 'data-measure' | 'data-total') =>
    measures.map((measure) => (
      <Table.Td key={measure.key} ta="right" {...{ [attribute]: measure.key }}>
        {formatFigure(values[measure.key], measure.type, locale)}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer minWidth={measures.length > 2 ? 420 : 0} type="native">
      <Table striped withTableBorder fz="sm" data-report-table={report}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`rowHeader.${report}`)}</Table.Th>
            {measures.map((measure) => (
              <Table.Th key={measure.key} ta="right">
                {t(`measures.${measure.key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => {
            const href = reportRowHref(links, data, row);
            const label = reportRowLabel(t, report, row);
            return (
              <Table.Tr key={row.key} data-row={row.key}>
                <Table.Td>
                  {href ? (
                    <Anchor component={Link} to={href} size="sm">
                      {label}
                    </Anchor>
                  ) : (
                    label
                  )}
                </Table.Td>
                {figures(row.values, 'data-measure')}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {hasTotal && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>{t('total')}</Table.Td>
              {figures(data.totals, 'data-total')}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
};
