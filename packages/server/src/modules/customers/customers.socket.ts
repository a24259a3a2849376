import { type SocketHandlers, signedIn } from '../../platform/realtime/socket-handlers';
import { createContact, getContact, listContacts } from './contacts.service';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from './customers.service';
import { lookUpPostalPlace } from './postal-places';

type CustomerEvent =
  | 'customer:get'
  | 'customer:get-one'
  | 'customer:create'
  | 'customer:update'
  | 'contacts:get'
  | 'contact:get'
  | 'contact:create'
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
  'admin:postaladdress': async (input) => lookUpPostalPlace(input.postalCode),
};
