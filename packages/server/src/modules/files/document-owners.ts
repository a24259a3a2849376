import type { Access, FileDto, FileOwnerKind } from '@karm/domain/contract';
import type { SQLWrapper } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

export type DocumentOwnerLabel = { number: number | null; name: string };

export type DocumentChange = { action: 'documentAdded' | 'documentDeleted'; file: FileDto };

/**
 * A kind of record documents attach to (an inquiry, later an offer…). The files module asks the
 * owners whether an entity id is one of the actor's company's records before it stores a document
 * for it, and tells the owner afterwards — so the owner can write its history and push the change
 * without the files module knowing any of them.
 */
export type DocumentOwner = {
  /** What the Files screen calls the records and how it links to them. */
  kind: FileOwnerKind;
  /** Who may attach and delete (`write`) and open (`read`) the record's documents. */
  access: { write: Access; read: Access };
  /**
   * The company's records of this kind as an id subquery; with an actor, only those the actor may
   * read beyond `access.read` (a technician's own projects). The Files list filters with it in SQL,
   * and a single download asks the same question, so both follow one rule.
   */
  recordIds: (db: Executor, companyId: string, actor?: Actor) => SQLWrapper;
  /** Number (if the records have one) and name by id, for the Files list. */
  labels: (db: Executor, companyId: string, ids: string[]) => Promise<Map<string, DocumentOwnerLabel>>;
  /** Whether the id names one of the company's records of this kind. */
  owns: (db: Executor, companyId: string, entityId: string) => Promise<boolean>;
  /** Inside the upload's or deletion's transaction, e.g. a history row. */
  record: (tx: Executor, actor: Actor, entityId: string, change: DocumentChange) => Promise<void>;
  /** After the commit, e.g. a push to the company's room. */
  announce: (ctx: AppContext, actor: Actor, entityId: string) => Promise<void>;
};

const owners: DocumentOwner[] = [];

export const registerDocumentOwner = (owner: DocumentOwner) => {
  if (!owners.includes(owner)) owners.push(owner);
};

const ownerOf = async (db: Executor, companyId: string, entityId: string) => {
  for (const owner of owners) if (await owner.owns(db, companyId, entityId)) return owner;
  return null;
};

/** Every registered owner (the Files list asks each of them). */
export const documentOwners = (): readonly DocumentOwner[] => owners;

/** The owner of a document's entity; an entity that is not the company's own is "not found". */
export const requireDocumentOwner = async (db: Executor, companyId: string, entityId: string) => {
  const owner = await ownerOf(db, companyId, entityId);
  if (!owner) throw notFound('Record');
  return owner;
};

/** The owner of an existing document's entity, if it still exists. */
export const documentOwnerOf = (db: Executor, companyId: string, entityId: string | null) =>
  entityId ? ownerOf(db, companyId, entityId) : Promise.resolve(null);
