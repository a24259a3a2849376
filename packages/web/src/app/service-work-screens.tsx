import { ServiceItemExpenses } from '@/features/products';
import { ServiceAgreementButton } from '@/features/service-agreements';
import {
  ServiceItemPage,
  ServiceLogbookPage,
  ServiceProjectDetailsPage,
  type ServiceWorkLinks,
} from '@/features/service-work';
import { href, plannerWeekOfDate, ROUTES } from './routes';

const SERVICE_WORK_LINKS: ServiceWorkLinks = {
  serviceItemHref: (serviceItemId) => `${ROUTES.serviceItem}?id=${encodeURIComponent(serviceItemId)}`,
  projectDetailsHref: (projectId) =>
    `${ROUTES['service-project-details']}?projectId=${encodeURIComponent(projectId)}`,
  qualityHref: ROUTES.quality,
  logbookHref: (serviceItemId) =>
    `${ROUTES.serviceLogbook}?serviceItemId=${encodeURIComponent(serviceItemId)}`,
  logbookPrintHref: href.serviceLogbookPrint,
};

/** SPEC §2 /service-project-details and the `serviceItem` route, composed with the links between them. */
export const ServiceProjectDetailsScreen = () => (
  <ServiceProjectDetailsPage
    links={SERVICE_WORK_LINKS}
    plannerWeekHref={plannerWeekOfDate}
    renderProjectActions={(projectId, projectName) => (
      <ServiceAgreementButton projectId={projectId} projectName={projectName} />
    )}
  />
);
export const ServiceItemScreen = () => (
  <ServiceItemPage
    links={SERVICE_WORK_LINKS}
    renderItemExtras={(item) => <ServiceItemExpenses projectId={item.projectId} serviceItemId={item.id} />}
  />
);
export const ServiceLogbookScreen = () => <ServiceLogbookPage links={SERVICE_WORK_LINKS} />;
