export * from './contract/index';
export * from './rules/index';
