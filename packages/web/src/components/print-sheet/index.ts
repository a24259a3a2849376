export * from './print-sheet';
