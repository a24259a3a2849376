import { ProjectListScreen } from './project-list-screen';

/** SPEC §2 /projects. */
export type ProjectsPageProps = {
  /** Where "From offer N" leads (the app's offer route with the offer open). */
  offerHref?: (offerId: string) => string;
};

export const ProjectsPage = ({ offerHref }: ProjectsPageProps) => (
  <ProjectListScreen kind="projects" offerHref={offerHref} />
);

/**
 * SPEC §2 /serviceProjects: the same list for service projects. The filter contract has no service
 * flag yet, so until it does the page lists the same projects and says so; it never filters a page
 * of results in the browser, which would break paging and totals.
 */
export const ServiceProjectsPage = ({ offerHref }: ProjectsPageProps) => (
  <ProjectListScreen kind="service" offerHref={offerHref} />
);
