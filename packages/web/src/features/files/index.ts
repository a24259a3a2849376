export { FilesPage, type FilesPageProps } from './files-page';
