export { InquiriesPage } from './inquiries-page';
export { InquiryDialog, type InquiryDialogProps } from './inquiry-dialog';
