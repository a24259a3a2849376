import { CustomerPage, type CustomerRecordLinks } from '@/features/customers';
import { href, offerHref } from './routes';

/** A customer's inquiries, offers and projects open on their list pages, with the record's dialog open. */
const CUSTOMER_RECORD_LINKS: CustomerRecordLinks = {
  inquiryHref: (inquiryId) => href.open('inquiries', inquiryId),
  offerHref,
  projectHref: (projectId) => href.open('projects', projectId),
};

/** SPEC §2 /customer, composed with the links to the other record pages. */
export const CustomerScreen = () => <CustomerPage links={CUSTOMER_RECORD_LINKS} />;
