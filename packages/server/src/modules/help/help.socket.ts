import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
import { getScreenHelp, listHelpTexts, previewHelpText, resetHelpText, saveHelpText } from './help.service';

const MANAGE = 'help.manage';

export const helpEvents = socketModule({
  // Everyone reads the help of the screen they are on.
  'help:get': { access: SIGNED_IN, useCase: getScreenHelp },
  'help:list': { access: MANAGE, useCase: (ctx, actor) => listHelpTexts(ctx, actor) },
  'help:save': { access: MANAGE, useCase: saveHelpText },
  'help:reset': { access: MANAGE, useCase: resetHelpText },
  'help:preview': {
    access: MANAGE,
    useCase: async (_ctx, _actor, input) => previewHelpText(input),
  },
});
