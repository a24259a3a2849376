import type { PlannerDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
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
        // Plain markup: the list can hold every project of the fortnight and draws with the grid.
        <Paper withBorder p="sm">
          <Title order={2} size="h5" mb="xs">
            {t('legend.projectsTitle')}
          </Title>
          <div className={classes.projectsScroller}>
            <table className={classes.projects}>
              <thead>
                <tr>
                  <th>{t('legend.project')}</th>
                  <th>{t('legend.deliveryDate')}</th>
                  <th>{t('legend.noteToPlanner')}</th>
                </tr>
              </thead>
              <tbody>
                {projects.map((project) => (
                  <tr key={project.id} data-project-id={project.id}>
                    <td>
                      <span className={classes.legendSwatch} style={{ background: project.colour }} />{' '}
                      <b>{project.number}</b> {project.name}
                    </td>
                    <td className={classes.nowrap}>
                      {project.deliveryDate ? (
                        <>
                          <span
                            className={classes.legendDot}
                            data-colour={project.deliveryColour ?? undefined}
                          />{' '}
                          {formatDate(project.deliveryDate)}
                        </>
                      ) : (
                        <span className={classes.dimmed}>{t('legend.noDeliveryDate')}</span>
                      )}
                    </td>
                    <td className={classes.note}>{project.noteToPlanner}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Paper>
      )}
    </Stack>
  );
};
