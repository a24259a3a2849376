import { z } from 'zod';
import { socketEvent } from './define';

/** What the header's global search covers (SPEC §2 Header): inquiries, offers and projects. */
export const SEARCH_KINDS = ['inquiry', 'offer', 'project'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One found record: enough to show a line in the results and open the record. */
export type SearchHit = {
  kind: SearchKind;
  id: string;
  number: number;
  /** Project or inquiry name, or the offer's project name. */
  title: string;
  /** Customer name and address, when known. */
  subtitle: string | null;
  archived: boolean;
};

export type GlobalSearchResult = {
  term: string;
  /** One group per kind, in SEARCH_KINDS order; kinds with no hits are left out. */
  groups: { kind: SearchKind; hits: SearchHit[] }[];
};

export const globalSearchInputSchema = z.object({
  term: z.string().trim().min(1).max(100),
  limitPerKind: z.number().int().min(1).max(20).default(5),
});

export const searchEvents = {
  'search:global': socketEvent<GlobalSearchResult>()(globalSearchInputSchema),
};
