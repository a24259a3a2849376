export { ConfirmationEditor, type ConfirmationEditorProps } from './confirmation-editor';
export { ConfirmationTotals } from './confirmation-totals';
export { ConfirmationsPanel, type ConfirmationsPanelProps } from './confirmations-panel';
export { PaymentPlanStart, paymentPlanStartOptions } from './payment-plan-start';
export { PaymentRulesEditor, type PaymentRulesEditorProps } from './payment-rules-editor';
