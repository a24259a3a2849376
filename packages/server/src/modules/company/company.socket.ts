import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { getCompanyInfo, updateCompany } from './company.service';
import { companyDefaultFiles } from './company-files';
import { companyHistoryOf } from './company-history';

export const companyEvents = socketModule({
  // Every screen shows the company's name and every PDF its logo: any member reads the settings.
  'company:get-info': { access: SIGNED_IN, useCase: (ctx, actor) => getCompanyInfo(ctx, actor) },
  'company:update': { access: 'company.manage', useCase: updateCompany },
  'company:history': { access: 'company.manage', useCase: (ctx, actor) => companyHistoryOf(ctx, actor) },
  // SPEC §7: the logo and footer every document shows, as signed links.
  'file:get_default_file_url': {
    access: SIGNED_IN,
    useCase: (ctx, actor) => companyDefaultFiles(ctx, actor),
  },
});
