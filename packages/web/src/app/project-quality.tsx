import { lazy, Suspense } from 'react';

// The quality feature loads with its own chunk, when a project's Quality tab is first opened.
const ProjectQuality = lazy(() =>
  import('@/features/quality').then((module) => ({ default: module.ProjectQuality })),
);

/** The project dialog's Quality tab: the quality feature's deviations and checklists of the project. */
export const renderProjectQuality = (project: { id: string; number: number; name: string }) => (
  <Suspense fallback={null}>
    <ProjectQuality project={project} />
  </Suspense>
);
