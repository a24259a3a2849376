import { useState } from 'react';
import { ProjectControlPage } from '@/features/processes/project-control-page';
import { ProjectDialog } from '@/features/projects';
import { offerHref } from './routes';

/** SPEC §2 /project/control, composed with the project dialog so a project opens from its name. */
export const ProjectControlScreen = () => {
  const [projectId, setProjectId] = useState<string | null>(null);
  return (
    <>
      <ProjectControlPage onOpenProject={setProjectId} />
      <ProjectDialog
        opened={projectId !== null}
        projectId={projectId}
        offerHref={offerHref}
        onClose={() => setProjectId(null)}
      />
    </>
  );
};
