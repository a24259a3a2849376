import {
  type Access,
  type GlobalSearchResult,
  type globalSearchInputSchema,
  isAllowed,
  SEARCH_KINDS,
  type SearchHit,
  type SearchKind,
} from '@karm/domain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../platform/context';
import { inquirySearchSource } from '../inquiries/inquiry-search';
import { offerSearchSource } from '../offers/offer-search';
import { projectReadScope } from '../projects/project-access';
import { projectSearchSource } from '../projects/project-search';
import type { SearchSource, SearchSourceQuery } from './search-source';

/**
 * Every kind the global search covers, with the module's source. A module joins the search with
 * one line here; a kind without a source yet is simply not searched.
 */
export const SEARCH_SOURCES: Partial<Record<SearchKind, SearchSource>> = {
  inquiry: inquirySearchSource,
  offer: offerSearchSource,
  project: projectSearchSource,
};

/** Who finds each kind: the header's search looks only where the person may read. */
const SEARCH_ACCESS: Record<SearchKind, Access> = {
  inquiry: 'inquiries.read',
  offer: 'offers.read',
  project: ['projects.read', 'projects.read-own'],
};

type SearchRow = Omit<SearchHit, 'kind'> & { kind: SearchKind; rank: number };

/** All sources as ONE statement: each source keeps its own order and limit inside its parentheses. */
export const globalSearchStatement = (
  query: SearchSourceQuery,
  sources: Partial<Record<SearchKind, SearchSource>> = SEARCH_SOURCES,
): SQL | null => {
  const selects = SEARCH_KINDS.flatMap((kind) => {
    const source = sources[kind];
    return source ? [sql`(${source(query)})`] : [];
  });
  return selects.length > 0 ? sql.join(selects, sql` union all `) : null;
};

/** SPEC §2 header search: inquiries, offers and projects by number, name, customer and address. */
export const globalSearch = async (
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof globalSearchInputSchema>,
): Promise<GlobalSearchResult> => {
  const readable = Object.fromEntries(
    Object.entries(SEARCH_SOURCES).filter(([kind]) =>
      isAllowed(SEARCH_ACCESS[kind as SearchKind], actor.permissions),
    ),
  );
  const statement = globalSearchStatement(
    {
      companyId: actor.companyId,
      term: input.term,
      limit: input.limitPerKind,
      scopes: { project: projectReadScope(ctx.db, actor) },
    },
    readable,
  );
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const rows = statement ? ((await ctx.db.execute(statement)) as unknown as { rows: SearchRow[] }).rows : [];
  const groups = SEARCH_KINDS.flatMap((kind) => {
    const hits = rows
      .filter((row) => row.kind === kind)
      .map(
        (row): SearchHit => ({
          kind,
          id: row.id,
          number: Number(row.number),
          title: row.title,
          subtitle: row.subtitle,
          archived: Boolean(row.archived),
        }),
      );
    return hits.length > 0 ? [{ kind, hits }] : [];
  });
  return { term: input.term, groups };
};
