import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { archiveContact, createContact, getContact, listContacts, updateContact } from './contacts.service';
import { relatedOfCustomer } from './customer-related';
import {
  archiveCustomer,
  createCustomer,
  getCustomer,
  listCustomers,
  unarchiveCustomer,
  updateCustomer,
} from './customers.service';
import { lookUpPostalPlace } from './postal-places';

type CustomerEvent =
  | 'customer:get'
  | 'customer:get-one'
  | 'customer:create'
  | 'customer:update'
  | 'customer:archive'
  | 'customer:unarchive'
  | 'customer:related'
  | 'contacts:get'
  | 'contact:get'
  | 'contact:create'
  | 'contact:update'
  | 'contact:archive'
  | 'admin:postaladdress';

export const customersSocketHandlers: SocketHandlers<CustomerEvent> = {
  'customer:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listCustomers(ctx, actor, input);
  },
  'customer:get-one': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return getCustomer(ctx, actor, input.id);
  },
  'customer:create': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createCustomer(ctx, actor, input);
  },
  'customer:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateCustomer(ctx, actor, input);
  },
  'customer:archive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return archiveCustomer(ctx, actor, input);
  },
  'customer:unarchive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return unarchiveCustomer(ctx, actor, input);
  },
  'customer:related': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return relatedOfCustomer(ctx, actor, input.id);
  },
  'contacts:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return listContacts(ctx, actor, input.customerId);
  },
  'contact:get': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return getContact(ctx, actor, input.id);
  },
  'contact:create': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return createContact(ctx, actor, input);
  },
  'contact:update': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return updateContact(ctx, actor, input);
  },
  'contact:archive': async (input, request) => {
    const { ctx, actor } = signedIn(request);
    return archiveContact(ctx, actor, input);
  },
  'admin:postaladdress': async (input) => lookUpPostalPlace(input.postalCode),
};
