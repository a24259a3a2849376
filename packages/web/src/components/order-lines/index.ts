export * from './line-drafts';
export { MoneyInput, type MoneyInputProps } from './money-input';
export { LinesTotals, OrderLinesTable, type OrderLinesTableProps } from './order-lines-table';
export { PrintedLines } from './printed-lines';
