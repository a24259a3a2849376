export { AdminItemDialog } from './admin-list/admin-item-dialog';
export { AdminListCard, EditDeleteActions } from './admin-list/admin-list-card';
export {
  AppDialog,
  type AppDialogProps,
  SendErrorDialog,
  type SendErrorDialogProps,
} from './app-dialog/app-dialog';
export type { DialogAction } from './app-dialog/dialog-footer';
export type { AppDialogSize } from './app-dialog/dialog-geometry';
export { useRecordQuestions } from './app-dialog/use-record-questions';
export {
  ArchiveReasonDialog,
  type ArchiveReasonDialogProps,
} from './archive-reason-dialog/archive-reason-dialog';
export {
  type RecordArchivingOptions,
  useRecordArchiving,
} from './archive-reason-dialog/use-record-archiving';
export {
  CONFIRM_Z_INDEX,
  ConfirmAction,
  type ConfirmActionProps,
  type ConfirmOptions,
} from './confirm-action/confirm-action';
export { type Confirm, ConfirmProvider, useConfirm } from './confirm-action/confirm-provider';
export * from './confirmations';
export * from './credit-band-badge/credit-band-badge';
export * from './customers';
export { ABOVE_PHONES, ON_WIDE_SCREENS, ON_WIDEST_SCREENS } from './data-table/on-wide-screens';
export { usePagingTexts } from './data-table/use-paging-texts';
export { DateInput, type DateInputProps } from './date-input/date-input';
export * from './deadline-badge/deadline-badge';
export { deleteOrOfferDeactivate } from './delete-or-deactivate/delete-or-deactivate';
export * from './delivery-week-picker/delivery-week-picker';
export { EmptyState, type EmptyStateProps } from './empty-state/empty-state';
export {
  AppErrorBoundary,
  type AppErrorBoundaryProps,
  ErrorFallback,
} from './error-boundary/app-error-boundary';
export { installGlobalErrorHandlers } from './error-boundary/global-error-handlers';
export { ExportMenu, type ExportMenuProps } from './export-menu/export-menu';
export {
  type HistoryChange,
  type HistoryEntry,
  HistoryTimeline,
  type HistoryTimelineProps,
} from './history-timeline/history-timeline';
export {
  ImageViewerDialog,
  type ImageViewerDialogProps,
  type ViewerImage,
} from './image-viewer/image-viewer-dialog';
export * from './language-select/language-select';
export { LoadFailedAlert, type LoadFailedAlertProps } from './load-failed/load-failed-alert';
export {
  ACTION_FAILED,
  ACTION_SUCCESS,
  errorMessageOf,
  notifyActionResult,
  notifyError,
  notifySaving,
  notifySuccess,
  TOAST_DURATION_MS,
  type ToastAction,
} from './notify/notify';
export * from './order-lines';
export { PageHeader, type PageHeaderProps } from './page-header/page-header';
export { SectionHeader, type SectionHeaderProps } from './page-header/section-header';
export { PdfViewerDialog, type PdfViewerDialogProps } from './pdf-viewer/pdf-viewer-dialog';
export { useDocumentLanguage } from './pdf-viewer/use-document-language';
export { type ListPeriod, listPeriodFrom, PeriodBadge, withoutPeriod } from './period-badge/period-badge';
export * from './price-calculator';
export * from './print-sheet';
export {
  ProductSelect,
  type ProductSelectProps,
  productLabel,
} from './product-select/product-select';
export {
  ReadOnlyFieldset,
  type ReadOnlyFieldsetProps,
} from './read-only-fieldset/read-only-fieldset';
export { ReleaseNotesList } from './release-notes/release-notes-list';
export { ScrollHint } from './scroll-hint/scroll-hint';
export { SecretDialog, type SecretDialogProps } from './secret-dialog/secret-dialog';
export { ServiceItemSelect, type ServiceItemSelectProps } from './service-item-select/service-item-select';
export { UserAvatar, type UserAvatarProps } from './user-avatar/user-avatar';
