export { DownloadPage } from './download-page';
