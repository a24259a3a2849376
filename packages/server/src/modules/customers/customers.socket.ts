import { SIGNED_IN } from '@karm/domain/contract';
import { socketModule } from '../../platform/realtime/socket-module';
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

const READ = 'customers.read';
const WRITE = 'customers.write';

export const customerEvents = socketModule({
  'customer:get': { access: READ, useCase: listCustomers },
  'customer:get-one': { access: READ, useCase: (ctx, actor, input) => getCustomer(ctx, actor, input.id) },
  'customer:create': { access: WRITE, useCase: createCustomer },
  'customer:update': { access: WRITE, useCase: updateCustomer },
  'customer:archive': { access: WRITE, useCase: archiveCustomer },
  'customer:unarchive': { access: WRITE, useCase: unarchiveCustomer },
  'customer:related': {
    access: READ,
    useCase: (ctx, actor, input) => relatedOfCustomer(ctx, actor, input.id),
  },
  'contacts:get': {
    access: READ,
    useCase: (ctx, actor, input) => listContacts(ctx, actor, input.customerId),
  },
  'contact:get': { access: READ, useCase: (ctx, actor, input) => getContact(ctx, actor, input.id) },
  'contact:create': { access: WRITE, useCase: createContact },
  'contact:update': { access: WRITE, useCase: updateContact },
  'contact:archive': { access: WRITE, useCase: archiveContact },
  // The post code → place lookup of every address form; it reads no company data.
  'admin:postaladdress': {
    access: SIGNED_IN,
    useCase: async (_ctx, _actor, input) => lookUpPostalPlace(input.postalCode),
  },
});
