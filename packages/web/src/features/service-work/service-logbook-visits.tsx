import type { ServiceLogbookVisitDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PictureThumb } from './answer-pictures';

/**
 * An item's visits, newest first — the logbook as the screen and its print sheet show it: each visit's
 * date, report and technician, then the answered rows with the answers in their colours, the
 * comments, the deviation raised and the pictures.
 */
export const LogbookVisits = ({ visits }: { visits: readonly ServiceLogbookVisitDto[] }) => {
  const { t } = useTranslation('serviceWork');
  if (visits.length === 0) {
    return <Text c="dimmed">{t('logbook.empty')}</Text>;
  }
  return (
    <Stack gap="md">
      {visits.map((visit) => (
        <Paper key={visit.id} withBorder p="sm" radius="md" data-testid="logbook-visit">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h5">
                {t('logbook.visit', { date: formatDate(visit.visitDate) })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('logbook.byReport', { number: visit.reportNumber, name: visit.technicianName })}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('logbook.row')}</Table.Th>
                    <Table.Th>{t('logbook.answer')}</Table.Th>
                    <Table.Th>{t('logbook.comment')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {visit.rows.map((row, index) => (
                    // A visit's rows are a snapshot in checklist order; their order is their key.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Table.Tr key={index}>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {row.groupName}
                        </Text>
                        {row.rowName}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {row.answers.map((answer) => (
                            <Badge key={answer.name} color={answer.color} variant="filled" autoContrast>
                              {answer.name}
                            </Badge>
                          ))}
                          {row.value && <Text size="sm">{row.value}</Text>}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4}>
                          {row.comment && <Text size="sm">{row.comment}</Text>}
                          {row.deviation && (
                            <Text size="sm" c="red.8">
                              {t('logbook.deviation', {
                                number: row.deviation.number,
                                title: row.deviation.title,
                              })}
                            </Text>
                          )}
                          {row.pictureIds.length > 0 && (
                            <Group gap={4}>
                              {row.pictureIds.map((id) => (
                                <PictureThumb key={id} fileId={id} name={row.rowName} size={56} />
                              ))}
                            </Group>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
};
