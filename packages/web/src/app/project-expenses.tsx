import { lazy, Suspense } from 'react';

// The products feature loads with its own chunk, when a project's Expenses tab is first opened.
const ProjectExpenses = lazy(() =>
  import('@/features/products').then((module) => ({ default: module.ProjectExpenses })),
);

/** The project dialog's Expenses tab: the parts and hours recorded on the project. */
export const renderProjectExpenses = (project: { id: string; number: number; name: string }) => (
  <Suspense fallback={null}>
    <ProjectExpenses project={project} />
  </Suspense>
);
