/**
 * Legacy import: projects exported from the old system as a JSON array of its project records
 * (SPEC §3 "Legacy fields", the inner `mprj` record and the blank template's fields).
 *
 * | legacy field                              | Karm project                                              |
 * |-------------------------------------------|-----------------------------------------------------------|
 * | pronummer (else number)                   | number: kept; a number already taken skips the record     |
 * | navn, else mprj.navn, else name           | name                                                      |
 * | description                               | description                                               |
 * | kundenr, kunde (else customer)            | customer: by customer number, else exact name; else empty |
 * | proman (else projectManager)              | project manager: employee display name or full name       |
 * | mprj.department (else department)         | department: by name                                       |
 * | lev_dato                                  | deliveryDate (and the process dates from it)              |
 * | slutt_dato, else mprj.slutt_dato, endDate | endDate                                                   |
 * | mprj.startDate, else startDate            | startDate                                                 |
 * | avsluttet, else mprj.avsluttet, isClosed  | isClosed; true also makes the state "completed"           |
 * | levert                                    | legacy.delivered                                          |
 * | montman                                   | installationStaff                                         |
 * | monttid                                   | installationHours                                         |
 * | prodtid                                   | productionHours                                           |
 * | notatPlan                                 | noteToPlanner                                             |
 * | arbeidsordre                              | workOrderNotes                                            |
 * | kontakter_bygg                            | siteContactName                                           |
 * | kontakt_bygg_tel                          | siteContactPhone                                          |
 * | project_address                           | projectAddress                                            |
 * | project_postalCode                        | projectPostalCode (a number gets its leading zeros back)  |
 * | project_city                              | projectCity                                               |
 * | projectvalue (kroner)                     | projectValue (øre)                                        |
 * | missingData, missingDataComment           | missingData, missingDataComment                           |
 * | offer, serviceFiles, kontakt, projectId,  | legacy (jsonb), as they were                              |
 * | version                                   |                                                           |
 * | the rest of mprj, any other field         | legacy (jsonb), as they were                              |
 *
 * Dates may come in any SPEC §5 format ("24.12.2026", "2026-12-24", ISO instants, Mongo's
 * {"$date": …}); numbers may come as text with spaces and decimal commas ("1 234,50"). A customer,
 * manager or department that cannot be found is left empty, reported, and its legacy value kept.
 * Text longer than Karm allows is cut, reported, and kept whole in `legacy`.
 */
import {
  customerQuerySchema,
  PROJECT_PUSHES,
  type ProjectDto,
  projectFieldsSchema,
} from '@karm/domain/contract';
import { parseDateInput, parseMoney, toDateOnly } from '@karm/domain/rules';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Actor, type AppContext, administrativeActor } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { numberSequences, takeNextNumber } from '../../platform/db/number-sequences';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, conflict } from '../../platform/errors';
import { customerSummaries, findCustomerIdsMatching, listCustomers } from '../customers/customers.service';
import { listDepartments, listEmployees } from '../employees/employees.service';
import { applyDeliveryDate } from '../processes/process-entries.service';
import { projectDtos } from './project-dto';
import { FIRST_PROJECT_NUMBER } from './projects.service';
import { projectHistory, projects } from './projects.tables';

/** The mapping above, as the import command's --help prints it. */
export const LEGACY_FIELD_MAPPING: [legacy: string, karm: string][] = [
  ['pronummer (else number)', 'number: kept; a number already taken skips the record'],
  ['navn, else mprj.navn, else name', 'name'],
  ['description', 'description'],
  ['kundenr, kunde (else customer)', 'customer: by customer number, else exact name; else empty'],
  ['proman (else projectManager)', 'project manager: employee display name or full name'],
  ['mprj.department (else department)', 'department: by name'],
  ['lev_dato', 'deliveryDate (and the process dates from it)'],
  ['slutt_dato, else mprj.slutt_dato, endDate', 'endDate'],
  ['mprj.startDate, else startDate', 'startDate'],
  ['avsluttet, else mprj.avsluttet, isClosed', 'isClosed; true also makes the state "completed"'],
  ['levert', 'legacy.delivered'],
  ['montman', 'installationStaff'],
  ['monttid', 'installationHours'],
  ['prodtid', 'productionHours'],
  ['notatPlan', 'noteToPlanner'],
  ['arbeidsordre', 'workOrderNotes'],
  ['kontakter_bygg', 'siteContactName'],
  ['kontakt_bygg_tel', 'siteContactPhone'],
  ['project_address', 'projectAddress'],
  ['project_postalCode', 'projectPostalCode (a number gets its leading zeros back)'],
  ['project_city', 'projectCity'],
  ['projectvalue (kroner)', 'projectValue (øre)'],
  ['missingData, missingDataComment', 'missingData, missingDataComment'],
  ['offer, serviceFiles, kontakt, projectId, version', 'legacy (jsonb), as they were'],
  ['the rest of mprj, any other field', 'legacy (jsonb), as they were'],
];

const MAX_ORE = 1_000_000_000_00;

/** The limits of projectFieldsSchema (domain contract): longer legacy text is cut to them. */
const TEXT_LIMITS = {
  name: 200,
  description: 2000,
  projectAddress: 200,
  projectPostalCode: 10,
  projectCity: 100,
  noteToPlanner: 2000,
  workOrderNotes: 4000,
  siteContactName: 200,
  siteContactPhone: 40,
  missingDataComment: 1000,
} as const;

// ---------------------------------------------------------------------------------------------------
// The legacy record, read leniently: the old system stored numbers and dates as whatever was typed.

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

const text = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: 'expected text' })
  .nullish()
  .transform((value) =>
    (value == null ? '' : Array.isArray(value) ? value.join(', ') : String(value)).trim(),
  );

const date = z
  .union([z.string(), z.number(), z.object({ $date: z.union([z.string(), z.number()]) })], {
    error: 'expected a date',
  })
  .nullish()
  .transform((value, context) => {
    const raw = value !== null && typeof value === 'object' ? value.$date : value;
    if (blank(raw)) return null;
    const parsed = typeof raw === 'number' ? toDateOnly(new Date(raw)) : parseDateInput(String(raw));
    if (parsed === null) context.addIssue({ code: 'custom', message: `unrecognised date "${raw}"` });
    return parsed;
  });

/** Hours and counts: 12, "12", "12,5", "1 200". */
const plainNumber = z
  .union([z.number(), z.string()], { error: 'expected a number' })
  .nullish()
  .transform((value, context) => {
    if (blank(value)) return null;
    const compact = String(value).replace(/\s+/g, '').replace(',', '.');
    const number = /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
    if (!Number.isFinite(number) || number < 0) {
      context.addIssue({ code: 'custom', message: `not a number: "${value}"` });
      return null;
    }
    return number;
  });

/** Kroner as typed ("1 234 567,50", 1234567.5, "kr 99,-") to øre. */
const money = z
  .union([z.number(), z.string()], { error: 'expected an amount' })
  .nullish()
  .transform((value, context) => {
    if (blank(value)) return null;
    const ore = parseMoney(String(value));
    if (ore === null || Math.abs(ore) > MAX_ORE) {
      context.addIssue({ code: 'custom', message: `not an amount: "${value}"` });
      return null;
    }
    return ore;
  });

const TRUE_WORDS = ['true', 'ja', 'j', 'yes', 'y', '1', 'x'];
const FALSE_WORDS = ['false', 'nei', 'n', 'no', '0'];
const flag = z
  .union([z.boolean(), z.number(), z.string()], { error: 'expected true or false' })
  .nullish()
  .transform((value, context) => {
    if (blank(value)) return null;
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
    context.addIssue({ code: 'custom', message: `not true or false: "${value}"` });
    return null;
  });

/** A reference to a customer, person or department: a name, a number, or a record holding them. */
const reference = z
  .union([z.string(), z.number(), z.looseObject({})], { error: 'expected a name or a record' })
  .nullish()
  .transform((value) => {
    if (blank(value)) return null;
    if (typeof value !== 'object' || value === null) return { name: String(value).trim(), number: null };
    const record = value as Record<string, unknown>;
    const first = (...keys: string[]) =>
      keys.map((key) => record[key]).find((candidate) => !blank(candidate) && typeof candidate !== 'object');
    const joined = [first('firstName', 'fornavn'), first('lastName', 'etternavn')].filter(Boolean).join(' ');
    const name = first('fullName', 'displayName', 'navn', 'name') ?? joined;
    const number = Number(first('customerNumber', 'kundenr', 'number', 'nr'));
    return {
      name: String(name ?? '').trim(),
      number: Number.isSafeInteger(number) && number > 0 ? number : null,
    };
  });

/** Project and customer numbers: 1042, "1042", "1 042". */
const wholeNumber = (what: string) =>
  z
    .union([z.number(), z.string()], { error: `expected a ${what}` })
    .nullish()
    .transform((value, context) => {
      if (blank(value)) return null;
      const number = Number(String(value).replace(/\s+/g, ''));
      if (!Number.isSafeInteger(number) || number < 1 || number > 2_147_483_647) {
        context.addIssue({ code: 'custom', message: `not a ${what}: "${value}"` });
        return null;
      }
      return number;
    });

const MPRJ_MAPPED = ['navn', 'startDate', 'slutt_dato', 'avsluttet', 'department'] as const;
const mprjSchema = z
  .looseObject({ navn: text, startDate: date, slutt_dato: date, avsluttet: flag, department: reference })
  .nullish();

const legacyProjectSchema = z.looseObject({
  pronummer: wholeNumber('project number'),
  number: wholeNumber('project number'),
  navn: text,
  name: text,
  description: text,
  mprj: mprjSchema,
  kunde: reference,
  kundenr: wholeNumber('customer number'),
  customer: reference,
  proman: reference,
  projectManager: reference,
  department: reference,
  lev_dato: date,
  slutt_dato: date,
  startDate: date,
  endDate: date,
  avsluttet: flag,
  isClosed: flag,
  levert: z.unknown().optional(),
  montman: plainNumber,
  monttid: plainNumber,
  prodtid: plainNumber,
  notatPlan: text,
  arbeidsordre: text,
  kontakter_bygg: text,
  kontakt_bygg_tel: text,
  project_address: text,
  project_postalCode: text,
  project_city: text,
  projectvalue: money,
  missingData: flag,
  missingDataComment: text,
});
type LegacyProject = z.output<typeof legacyProjectSchema>;

/**
 * Fields that have a Karm home; everything else in a record (offer, serviceFiles, kontakt, projectId,
 * version, the old system's _id …) is kept in `legacy` as it was.
 */
const MAPPED_KEYS = new Set<string>(Object.keys(legacyProjectSchema.shape));

// ---------------------------------------------------------------------------------------------------
// Finding the customer, manager and department a record names, once per name per run.

const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');

type Match = { id: string | null; problem?: string };

const createLookups = (ctx: AppContext, actor: Actor) => {
  const memo = new Map<string, Promise<unknown>>();
  /** Each question is asked once per run, and only when a record needs the answer. */
  const once = <T>(key: string, find: () => Promise<T>): Promise<T> => {
    let found = memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = find();
      memo.set(key, found);
    }
    return found;
  };
  const oneOf = (ids: string[], what: string): Match =>
    ids.length === 1
      ? { id: ids[0] ?? null }
      : {
          id: null,
          problem: ids.length === 0 ? `${what} not found` : `${what} is ambiguous (${ids.length} match)`,
        };
  const employees = () => once('employees', () => listEmployees(ctx, actor, { includeInactive: true }));
  const departments = () => once('departments', () => listDepartments(ctx, actor));

  return {
    customer: async (number: number | null, name: string): Promise<Match> => {
      if (number !== null) {
        const byNumber = await once(`customer#${number}`, async () => {
          const query = customerQuerySchema.parse({
            search: String(number),
            includeInactive: true,
            pageSize: 200,
          });
          const page = await listCustomers(ctx, actor, query);
          return oneOf(
            page.items
              .filter((customer) => customer.customerNumber === number)
              .map((customer) => customer.id),
            `customer number ${number}`,
          );
        });
        if (byNumber.id || !name) return byNumber;
      }
      return once(`customer:${normalise(name)}`, async () => {
        const candidates = await findCustomerIdsMatching(ctx.db, actor.companyId, name.trim());
        const summaries = await customerSummaries(
          ctx.db,
          actor.companyId,
          candidates.map((candidate) => candidate.id),
        );
        const exact = [...summaries.values()].filter(
          (customer) => normalise(customer.name) === normalise(name),
        );
        return oneOf(
          exact.map((customer) => customer.id),
          number === null ? `customer "${name}"` : `customer number ${number} or "${name}"`,
        );
      });
    },
    projectManager: async (name: string): Promise<Match> => {
      const key = normalise(name);
      const named = (await employees()).filter(
        (employee) => normalise(employee.displayName) === key || normalise(employee.fullName) === key,
      );
      const active = named.filter((employee) => employee.isActive);
      return oneOf(
        (active.length > 0 ? active : named).map((employee) => employee.id),
        `project manager "${name}"`,
      );
    },
    department: async (name: string): Promise<Match> =>
      oneOf(
        (await departments())
          .filter((department) => normalise(department.displayName) === normalise(name))
          .map((department) => department.id),
        `department "${name}"`,
      ),
  };
};
type Lookups = ReturnType<typeof createLookups>;

// ---------------------------------------------------------------------------------------------------
// From a legacy record to Karm's project fields.

const firstPresent = <T>(...values: (T | null | undefined | '')[]) =>
  values.find((value): value is T => value !== null && value !== undefined && value !== '') ?? null;

const deliveredNote = (levert: unknown) => {
  if (blank(levert)) return undefined;
  const asFlag = flag.safeParse(levert);
  if (asFlag.success && asFlag.data !== null) return asFlag.data;
  const asDate = date.safeParse(levert);
  return asDate.success && asDate.data !== null ? asDate.data : levert;
};

const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

type Mapped = {
  number: number | null;
  fields: z.input<typeof projectFieldsSchema>;
  projectValue: number;
  legacy: Record<string, unknown> | null;
  notes: string[];
};

const mapRecord = async (
  record: LegacyProject,
  raw: Record<string, unknown>,
  lookups: Lookups,
): Promise<Mapped> => {
  const notes: string[] = [];
  const legacy: Record<string, unknown> = {};
  const rawMprj = (raw.mprj ?? {}) as Record<string, unknown>;
  const mprj: Partial<NonNullable<LegacyProject['mprj']>> = record.mprj ?? {};

  const number = record.pronummer ?? record.number;
  let name = firstPresent(record.navn, mprj.navn, record.name) ?? '';
  if (!name) {
    name = number === null ? 'Importert prosjekt' : `Prosjekt ${number}`;
    notes.push(`no name; named "${name}"`);
  }

  const customerRef = record.kunde ?? record.customer;
  const customerNumber = record.kundenr ?? customerRef?.number ?? null;
  const customerName = customerRef?.name ?? '';
  let customerId: string | null = null;
  if (customerNumber !== null || customerName) {
    const match = await lookups.customer(customerNumber, customerName);
    customerId = match.id;
    if (match.problem) {
      notes.push(`${match.problem}; customer left empty`);
      Object.assign(
        legacy,
        withoutUndefined({ kunde: raw.kunde, kundenr: raw.kundenr, customer: raw.customer }),
      );
    }
  }

  const managerRef = record.proman ?? record.projectManager;
  let projectManagerId: string | null = null;
  if (managerRef?.name) {
    const match = await lookups.projectManager(managerRef.name);
    projectManagerId = match.id;
    if (match.problem) {
      notes.push(`${match.problem}; project manager left empty`);
      Object.assign(legacy, withoutUndefined({ proman: raw.proman, projectManager: raw.projectManager }));
    }
  }

  const departmentRef = mprj.department ?? record.department;
  let departmentId: string | null = null;
  if (departmentRef?.name) {
    const match = await lookups.department(departmentRef.name);
    departmentId = match.id;
    if (match.problem) {
      notes.push(`${match.problem}; department left empty`);
      legacy.department = rawMprj.department ?? raw.department;
    }
  }

  const isClosed = firstPresent(record.avsluttet, mprj.avsluttet, record.isClosed) ?? false;
  const staff = record.montman;
  if (staff !== null && !Number.isInteger(staff))
    notes.push(`montman ${staff} rounded to ${Math.round(staff)}`);
  let postalCode = record.project_postalCode;
  if (typeof raw.project_postalCode === 'number' && /^\d{1,3}$/.test(postalCode))
    postalCode = postalCode.padStart(4, '0');

  const fields = {
    name,
    description: record.description,
    departmentId,
    customerId,
    projectManagerId,
    startDate: firstPresent(mprj.startDate, record.startDate),
    endDate: firstPresent(record.slutt_dato, mprj.slutt_dato, record.endDate),
    deliveryDate: record.lev_dato,
    isClosed,
    projectAddress: record.project_address,
    projectPostalCode: postalCode,
    projectCity: record.project_city,
    noteToPlanner: record.notatPlan,
    workOrderNotes: record.arbeidsordre,
    siteContactName: record.kontakter_bygg,
    siteContactPhone: record.kontakt_bygg_tel,
    productionHours: record.prodtid,
    installationHours: record.monttid,
    installationStaff: staff === null ? null : Math.round(staff),
    missingData: record.missingData ?? false,
    missingDataComment: record.missingDataComment,
  };
  for (const [field, limit] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, number][]) {
    const value = fields[field];
    if (value.length > limit) {
      notes.push(`${field} cut to ${limit} characters (the whole text is kept in legacy)`);
      legacy[field] = value;
      fields[field] = value.slice(0, limit);
    }
  }

  for (const [key, value] of Object.entries(raw)) {
    if (!MAPPED_KEYS.has(key)) legacy[key] = value;
  }
  const delivered = deliveredNote(raw.levert);
  if (delivered !== undefined) legacy.delivered = delivered;
  // A value of mprj that a top-level field overruled is kept too, so no legacy value is lost.
  const overruled = new Set<string>(
    [
      mprj.navn && record.navn && normalise(mprj.navn) !== normalise(record.navn) && 'navn',
      mprj.slutt_dato && record.slutt_dato && mprj.slutt_dato !== record.slutt_dato && 'slutt_dato',
      mprj.avsluttet != null &&
        record.avsluttet != null &&
        mprj.avsluttet !== record.avsluttet &&
        'avsluttet',
    ].filter((key): key is string => typeof key === 'string'),
  );
  const mprjRest = Object.fromEntries(
    Object.entries(rawMprj).filter(
      ([key]) => overruled.has(key) || !(MPRJ_MAPPED as readonly string[]).includes(key),
    ),
  );
  if (Object.keys(mprjRest).length > 0) legacy.mprj = mprjRest;

  return {
    number,
    fields,
    projectValue: record.projectvalue ?? 0,
    legacy: Object.keys(legacy).length > 0 ? legacy : null,
    notes,
  };
};

// ---------------------------------------------------------------------------------------------------
// The use cases.

/** The command line acts as nobody: it scopes by company, and its history rows name no user. */
const COMMAND_LINE_SESSION = 'legacy-import';
export const commandLineActor = (companyId: string): Actor =>
  administrativeActor(companyId, COMMAND_LINE_SESSION, COMMAND_LINE_SESSION);

const numberTaken = (number: number) => conflict(`project number ${number} is already taken`, { number });

const isNumberTaken = async (db: Executor, companyId: string, number: number) =>
  (
    await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.number, number)))
  ).length > 0;

/** Keeps the number sequence past an imported number, so Karm never hands it out again. */
const reserveNumber = (tx: Executor, companyId: string, number: number) =>
  tx
    .insert(numberSequences)
    .values({ companyId, kind: 'project', lastValue: Math.max(number, FIRST_PROJECT_NUMBER - 1) })
    .onConflictDoUpdate({
      target: [numberSequences.companyId, numberSequences.kind],
      set: { lastValue: sql`greatest(${numberSequences.lastValue}, ${number})` },
    });

export type ImportProjectInput = {
  /** The legacy number; null takes the next one of Karm's sequence. */
  number: number | null;
  fields: z.output<typeof projectFieldsSchema>;
  projectValue: number;
  legacy: Record<string, unknown> | null;
  /** What the importer noticed, written into the history row. */
  notes: string[];
};

/**
 * Creates one project from imported data in one transaction: with the given number (CONFLICT when
 * it is taken), its process cells from the delivery date, and a history row "imported".
 */
export const importProject = async (
  ctx: AppContext,
  actor: Actor,
  input: ImportProjectInput,
): Promise<ProjectDto> => {
  const row = await ctx.db
    .transaction(async (tx) => {
      const number =
        input.number ?? (await takeNextNumber(tx, actor.companyId, 'project', FIRST_PROJECT_NUMBER));
      if (await isNumberTaken(tx, actor.companyId, number)) throw numberTaken(number);
      const now = ctx.clock.now();
      const [created] = await tx
        .insert(projects)
        .values({
          companyId: actor.companyId,
          number,
          ...input.fields,
          state: input.fields.isClosed ? 'completed' : 'active',
          projectValue: input.projectValue,
          legacy: input.legacy,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('Project insert returned nothing');
      await reserveNumber(tx, actor.companyId, number);
      await applyDeliveryDate(tx, actor.companyId, created.id, created.deliveryDate);
      await tx.insert(projectHistory).values({
        companyId: actor.companyId,
        projectId: created.id,
        userId: actor.sessionId === COMMAND_LINE_SESSION ? null : actor.userId,
        action: 'imported',
        changes: { source: 'legacy', number, notes: input.notes },
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two imports racing for one number: the unique index decides, the loser is told so.
      if (input.number !== null && isUniqueViolation(error)) throw numberTaken(input.number);
      throw error;
    });
  const [dto] = await projectDtos(ctx, actor.companyId, [row]);
  ctx.realtime.toCompany(actor.companyId, PROJECT_PUSHES.projectChanged, dto);
  return dto as ProjectDto;
};

export type ImportReport = {
  imported: { record: number; id: string | null; number: number | null; name: string; notes: string[] }[];
  skipped: { record: number; number: number | null; name: string | null; reason: string }[];
};

const describeIssues = (error: z.ZodError) =>
  error.issues
    .map((issue) => {
      const where = issue.path.join('.') || 'record';
      return issue.code === 'too_big'
        ? `${where}: longer than ${issue.maximum}`
        : `${where}: ${issue.message}`;
    })
    .join('; ');

const guess = (raw: unknown, ...keys: string[]) => {
  if (raw === null || typeof raw !== 'object') return null;
  const value = keys
    .map((key) => (raw as Record<string, unknown>)[key])
    .find((candidate) => !blank(candidate));
  return value === undefined || typeof value === 'object' ? null : String(value);
};

/**
 * Imports legacy project records into the actor's company, each in its own transaction; a record
 * that cannot be imported is skipped with the reason, the others go on. `isDryRun` checks and maps
 * everything and writes nothing.
 */
export const importLegacyProjects = async (
  ctx: AppContext,
  actor: Actor,
  records: unknown[],
  options: { isDryRun?: boolean } = {},
): Promise<ImportReport> => {
  const report: ImportReport = { imported: [], skipped: [] };
  const lookups = createLookups(ctx, actor);
  for (const [index, raw] of records.entries()) {
    const record = index + 1;
    const skip = (reason: string, number: number | null = null) => {
      const guessed = Number(guess(raw, 'pronummer', 'number'));
      report.skipped.push({
        record,
        number: number ?? (Number.isSafeInteger(guessed) && guessed > 0 ? guessed : null),
        name: guess(raw, 'navn', 'name'),
        reason,
      });
    };
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      skip('not a project record (an object was expected)');
      continue;
    }
    const parsed = legacyProjectSchema.safeParse(raw);
    if (!parsed.success) {
      skip(describeIssues(parsed.error));
      continue;
    }
    const mapped = await mapRecord(parsed.data, raw as Record<string, unknown>, lookups);
    const fields = projectFieldsSchema.safeParse(mapped.fields);
    if (!fields.success) {
      skip(describeIssues(fields.error), mapped.number);
      continue;
    }
    try {
      if (options.isDryRun) {
        if (mapped.number !== null && (await isNumberTaken(ctx.db, actor.companyId, mapped.number)))
          throw numberTaken(mapped.number);
        report.imported.push({
          record,
          id: null,
          number: mapped.number,
          name: fields.data.name,
          notes: mapped.notes,
        });
        continue;
      }
      const project = await importProject(ctx, actor, { ...mapped, fields: fields.data });
      report.imported.push({
        record,
        id: project.id,
        number: project.number,
        name: project.name,
        notes: mapped.notes,
      });
    } catch (error) {
      if (!(error instanceof AppError))
        ctx.logger.error({ err: error, record }, 'Legacy import of a record failed');
      skip(
        error instanceof AppError ? error.message : `unexpected error: ${(error as Error).message}`,
        mapped.number,
      );
    }
  }
  return report;
};

/** The file's records: a JSON array. Anything else is refused with a message for the person. */
export const parseLegacyFile = (content: string): unknown[] => {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new AppError('VALIDATION', `The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new AppError('VALIDATION', 'The file must hold a JSON array of project records');
  return data;
};
