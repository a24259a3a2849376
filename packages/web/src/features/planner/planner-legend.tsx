import type { PlannerDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './planner-grid.module.css';
import type { PlannerLookup } from './planner-model';

/**
 * What the colours mean, and the fortnight's projects with their delivery date in its colour (SPEC
 * §4) and their note to the planner — readable on a phone, where a cell's tooltip is not.
 */
export const PlannerLegend = ({ planner, lookup }: { planner: PlannerDto; lookup: PlannerLookup }) => {
  const { t } = useTranslation('planner');
  const booked = new Set(
    planner.cells.flatMap((cell) =>
      cell.bookings.flatMap((booking) => (booking.kind === 'project' ? [booking.projectId] : [])),
    ),
  );
  const projects = [...lookup.projects.values()].filter((project) => booked.has(project.id));
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        {(['red', 'orange', 'green'] as const).map((colour) => (
          <Group key={colour} gap={6} wrap="nowrap">
            <span className={classes.legendDot} data-colour={colour} />
            <Text size="xs">{t(`legend.delivery.${colour}`)}</Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap">
          <span
            className={classes.legendSwatch}
            style={{
              background: 'var(--mantine-color-red-1)',
              borderColor: 'var(--mantine-color-red-filled)',
            }}
          />
          <Text size="xs">{t('legend.overbooked')}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <span className={classes.legendSwatch} style={{ background: 'var(--mantine-color-red-0)' }} />
          <Text size="xs">{t('legend.redDay')}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <span className={classes.legendSwatch} style={{ background: 'var(--mantine-color-gray-1)' }} />
          <Text size="xs">{t('legend.weekend')}</Text>
        </Group>
        <Text size="xs">{t('legend.note')}</Text>
      </Group>
      {projects.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={2} size="h5" mb="xs">
            {t('legend.projectsTitle')}
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('legend.project')}</Table.Th>
                  <Table.Th>{t('legend.deliveryDate')}</Table.Th>
                  <Table.Th>{t('legend.noteToPlanner')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projects.map((project) => (
                  <Table.Tr key={project.id} data-project-id={project.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <span
                          className={classes.legendSwatch}
                          style={{ background: project.colour } as CSSProperties}
                        />
                        <Text size="sm" fw={600}>
                          {project.number}
                        </Text>
                        <Text size="sm">{project.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {project.deliveryDate ? (
                        <Group gap={6} wrap="nowrap">
                          <span
                            className={classes.legendDot}
                            data-colour={project.deliveryColour ?? undefined}
                          />
                          <Text size="sm">{formatDate(project.deliveryDate)}</Text>
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('legend.noDeliveryDate')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {project.noteToPlanner}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
};
