export { CapacityPage } from './capacity-page';
