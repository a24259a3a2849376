import { z } from 'zod';
import { socketEvent } from './define';
import { type Page, pageQuerySchema } from './paging';

/** A mail in the outbox (SPEC §7 mail: without SMTP_URL, the outbox is where mail is read). */
export type OutboxMailDto = {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  status: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

export const adminEvents = {
  'admin:mail-outbox': socketEvent<Page<OutboxMailDto>>()(pageQuerySchema),
  /** Sends a failed mail again: it is queued for the relay like a new one. */
  'admin:mail-resend': socketEvent<OutboxMailDto>()(z.object({ id: z.uuid() })),
};
