import { ProjectControlPage } from '@/features/processes/project-control-page';
import { useProjectDialog } from './use-project-dialog';

/** SPEC §2 /project/control, composed with the project dialog so a project opens from its name. */
export const ProjectControlScreen = () => {
  const { openProject, projectDialog } = useProjectDialog();
  return (
    <>
      <ProjectControlPage onOpenProject={openProject} />
      {projectDialog}
    </>
  );
};
