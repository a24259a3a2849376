import type { ProjectFilters } from '@karm/domain/rules';
import type { ProjectDialogProps } from './project-dialog';
import { ProjectListScreen } from './project-list-screen';

/** SPEC §2 /projects. */
export type ProjectsPageProps = Pick<
  ProjectDialogProps,
  'offerHref' | 'renderTasks' | 'renderQuality' | 'renderExpenses' | 'printHref'
> & {
  /** The print sheet of the list's current filters (`/print`). */
  listPrintHref?: (filters: ProjectFilters) => string;
};

export const ProjectsPage = (props: ProjectsPageProps) => <ProjectListScreen kind="projects" {...props} />;

/**
 * SPEC §2 /serviceProjects: the same list for service projects. The filter contract has no service
 * flag yet, so until it does the page lists the same projects and says so; it never filters a page
 * of results in the browser, which would break paging and totals.
 */
export const ServiceProjectsPage = (props: ProjectsPageProps) => (
  <ProjectListScreen kind="service" {...props} />
);
