export { AddContactDialog, type AddContactDialogProps } from './add-contact-dialog';
export { AddCustomerDialog, type AddCustomerDialogProps } from './add-customer-dialog';
export {
  CustomerArchivedBadge,
  CustomerSourceBadge,
  CustomerSyncBadge,
  type CustomerSyncBadgeProps,
} from './customer-badges';
export { CustomerSelect, type CustomerSelectProps } from './customer-select';
export { FindCustomerDialog, type FindCustomerDialogProps } from './find-customer-dialog';
