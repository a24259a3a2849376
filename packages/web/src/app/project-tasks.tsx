import { EntityTasks } from '@/features/tasks';

/** The project dialog's Tasks tab: the tasks feature's list of the project's tasks. */
export const renderProjectTasks = (project: { id: string; number: number; name: string }) => (
  <EntityTasks entityType="project" entityId={project.id} entityLabel={`${project.number} ${project.name}`} />
);
