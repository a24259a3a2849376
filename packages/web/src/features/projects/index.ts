export { ProjectDialog, type ProjectDialogProps } from './project-dialog';
export { ProjectsPage, ServiceProjectsPage } from './projects-page';
export { SavedProjectFilters } from './saved-project-filters';
