import type { AccountingPort } from '../port';
import type { ApiClient } from './api-client';
import { toTripletexId } from './mappers';
import {
  documentSchema,
  ORDER_ATTACHMENT_FIELDS,
  orderAttachmentsSchema,
  parseAnswer,
  valueEnvelope,
} from './schemas';

type AttachmentOperations = Pick<AccountingPort, 'attachToOrder' | 'listOrderAttachments'>;

const toDocument = ({ id, fileName }: { id: string; fileName: string }) => ({ externalId: id, fileName });

/**
 * Documents on orders (the customer's signed order). Tripletex takes the file as `multipart/form-data`
 * in a part named `file`, the only part its document declares for `PUT /order/{id}/:attach`.
 */
export const createAttachmentOperations = (api: ApiClient): AttachmentOperations => ({
  attachToOrder: async (orderExternalId, { fileName, contentType, bytes }) => {
    const form = new FormData();
    // A copy: Blob takes only views of a plain ArrayBuffer, and a Buffer may sit on a shared one.
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
    const body = await api.putForm(`/order/${toTripletexId(orderExternalId)}/:attach`, form);
    return toDocument(parseAnswer(valueEnvelope(documentSchema), body, 'attached document').value);
  },

  listOrderAttachments: async (orderExternalId) => {
    const body = await api.get(`/order/${toTripletexId(orderExternalId)}`, {
      fields: ORDER_ATTACHMENT_FIELDS,
    });
    return parseAnswer(valueEnvelope(orderAttachmentsSchema), body, 'order').value.attachment.map(toDocument);
  },
});
