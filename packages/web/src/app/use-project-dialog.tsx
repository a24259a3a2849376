import { useState } from 'react';
import { ProjectDialog } from '@/features/projects';
import { renderProjectExpenses } from './project-expenses';
import { renderProjectQuality } from './project-quality';
import { renderProjectTasks } from './project-tasks';
import { href, offerHref } from './routes';

/**
 * For a screen that opens projects over itself (a converted offer's "Project N", a project's name
 * in the process grid): the opener, and the project dialog to render beside the screen.
 */
export const useProjectDialog = () => {
  const [projectId, setProjectId] = useState<string | null>(null);
  const projectDialog = (
    <ProjectDialog
      opened={projectId !== null}
      projectId={projectId}
      offerHref={offerHref}
      renderTasks={renderProjectTasks}
      renderQuality={renderProjectQuality}
      renderExpenses={renderProjectExpenses}
      printHref={href.projectPrint}
      onClose={() => setProjectId(null)}
    />
  );
  return { openProject: setProjectId, projectDialog };
};
