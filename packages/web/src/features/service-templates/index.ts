export { ServiceTemplatePage, serviceTemplateHref } from './service-template-page';
export { TemplateList } from './template-list';
