export { CollectionList, CollectionsAdmin } from './collections-admin';
