export { CompanySettingsPage } from './company-settings-page';
