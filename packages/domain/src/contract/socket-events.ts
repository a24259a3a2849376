import type { z } from 'zod';
import { accountEvents } from './account';
import { accountingEvents } from './accounting';
import { adminEvents } from './admin';
import { adminCommandEvents } from './admin-commands';
import { apiTokenEvents } from './api-tokens';
import { authEvents } from './auth';
import { billingSettingsEvents } from './billing-settings';
import { capacityEvents } from './capacity';
import { collectionEvents } from './collections';
import { companyEvents } from './company';
import { customerEvents } from './customers';
import { departmentEvents } from './departments';
import { fileEvents } from './files';
import { helpEvents } from './help';
import { inquiryEvents } from './inquiries';
import { invoiceEvents } from './invoices';
import { jobEvents } from './jobs';
import { logEvents } from './logs';
import { messageEvents } from './messages';
import { plannerEvents } from './planner';
import { priceCalculatorEvents } from './price-calculator';
import { productEvents } from './products';
import { projectEvents } from './projects';
import { searchEvents } from './search';
import { serviceTemplateEvents } from './service-templates';
import { subscriptionEvents } from './subscriptions';
import { twoFactorEvents } from './two-factor';
import { userEvents } from './users';
import { webhookEvents } from './webhooks';

/** Every socket event the client may request, with its input schema and result type. */
export const SOCKET_EVENTS = {
  ...authEvents,
  ...accountEvents,
  ...adminEvents,
  ...adminCommandEvents,
  ...apiTokenEvents,
  ...accountingEvents,
  ...billingSettingsEvents,
  ...capacityEvents,
  ...collectionEvents,
  ...companyEvents,
  ...customerEvents,
  ...departmentEvents,
  ...fileEvents,
  ...helpEvents,
  ...inquiryEvents,
  ...invoiceEvents,
  ...jobEvents,
  ...logEvents,
  ...messageEvents,
  ...plannerEvents,
  ...priceCalculatorEvents,
  ...productEvents,
  ...projectEvents,
  ...searchEvents,
  ...serviceTemplateEvents,
  ...subscriptionEvents,
  ...userEvents,
  ...twoFactorEvents,
  ...webhookEvents,
};

export type SocketEventName = keyof typeof SOCKET_EVENTS;
export type SocketEventInput<E extends SocketEventName> = z.input<(typeof SOCKET_EVENTS)[E]['input']>;
export type SocketEventParsedInput<E extends SocketEventName> = z.output<(typeof SOCKET_EVENTS)[E]['input']>;
export type SocketEventResult<E extends SocketEventName> = (typeof SOCKET_EVENTS)[E]['result'];

/** Present in every runtime the contract runs in (browsers, Node); the domain is typed without them. */
declare const TextDecoder: new () => { decode: (bytes: ArrayBuffer | ArrayBufferView) => string };

/** An ArrayBuffer (by its tag, so one made in another realm counts too) or a view on one. */
const isBytes = (value: unknown): value is ArrayBuffer | ArrayBufferView =>
  ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]';

/**
 * An event's result as the client reads it. Most answers arrive as the value itself; one whose JSON
 * the database built (the whole service template) arrives as that JSON's UTF-8 bytes, which the server
 * passes on without parsing and encoding it again. Every client reads acks through this.
 */
export const socketResultOf = (answer: unknown): unknown =>
  isBytes(answer) ? JSON.parse(new TextDecoder().decode(answer)) : answer;
