import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import {
  archiveInquiry,
  createInquiry,
  getInquiry,
  unarchiveInquiry,
  updateInquiry,
} from './inquiries.service';
import { convertInquiryToOffer } from './inquiry-conversion';
import { listInquiries } from './inquiry-list';

type InquiryEvent =
  | 'inquiries:get'
  | 'inquiry:get'
  | 'inquiry:create'
  | 'inquiry:update'
  | 'inquiry:archive'
  | 'inquiry:unarchive'
  | 'inquiry:convert-to-offer';

export const inquiriesSocketHandlers: SocketHandlers<InquiryEvent> = {
  'inquiries:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listInquiries(ctx, actor, input);
  },
  'inquiry:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return getInquiry(ctx, actor, input.id);
  },
  'inquiry:create': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createInquiry(ctx, actor, input);
  },
  'inquiry:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateInquiry(ctx, actor, input);
  },
  'inquiry:archive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return archiveInquiry(ctx, actor, input);
  },
  'inquiry:unarchive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return unarchiveInquiry(ctx, actor, input);
  },
  'inquiry:convert-to-offer': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return convertInquiryToOffer(ctx, actor, input);
  },
};
