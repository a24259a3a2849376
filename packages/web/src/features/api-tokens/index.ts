export { ApiTokensCard } from './api-tokens-card';
