import { socketModule } from '../../platform/realtime/socket-module';
import {
  archiveInquiry,
  createInquiry,
  getInquiry,
  unarchiveInquiry,
  updateInquiry,
} from './inquiries.service';
import { convertInquiryToOffer } from './inquiry-conversion';
import { listInquiries } from './inquiry-list';

const READ = 'inquiries.read';
const WRITE = 'inquiries.write';

export const inquiryEvents = socketModule({
  'inquiries:get': { access: READ, useCase: listInquiries },
  'inquiry:get': { access: READ, useCase: (ctx, actor, input) => getInquiry(ctx, actor, input.id) },
  'inquiry:create': { access: WRITE, useCase: createInquiry },
  'inquiry:update': { access: WRITE, useCase: updateInquiry },
  'inquiry:archive': { access: WRITE, useCase: archiveInquiry },
  'inquiry:unarchive': { access: WRITE, useCase: unarchiveInquiry },
  // Conversion makes an offer: whoever may write offers (the inquiry is only linked to it).
  'inquiry:convert-to-offer': { access: 'offers.write', useCase: convertInquiryToOffer },
});
