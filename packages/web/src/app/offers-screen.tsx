import { useState } from 'react';
import { OffersPage } from '@/features/offers';
import { ProjectDialog } from '@/features/projects';
import { href } from './routes';

/** The link of "From offer N" on a project: the offer list with that offer open. */
export const offerHref = (offerId: string) => `${href.to('offer')}?open=${encodeURIComponent(offerId)}`;

/** SPEC §2 /offer, composed with the project dialog so "Project N" on a converted offer opens it. */
export const OffersScreen = () => {
  const [projectId, setProjectId] = useState<string | null>(null);
  return (
    <>
      <OffersPage onOpenProject={setProjectId} />
      <ProjectDialog
        opened={projectId !== null}
        projectId={projectId}
        offerHref={offerHref}
        onClose={() => setProjectId(null)}
      />
    </>
  );
};
