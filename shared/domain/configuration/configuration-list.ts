import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { ConflictError, NotFoundError } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';

/** Fields every configuration record may have; each list uses the ones its record shows. */
export interface ConfigurationRecord {
  id?: string;
  type?: string;
  name: string;
  color?: string | null;
  stage_order?: number | null;
  is_default_status?: boolean;
  protected?: boolean;
  is_archived?: boolean;
  [field: string]: unknown;
}

/**
 * How one configuration list behaves. Lists are small (tens of records), so each lives in one item
 * collection `TEAM#<t>#<TYPE>` read whole with one consistent `Query` and ordered in memory.
 */
export interface ConfigurationListSpec<R extends z.ZodMiniObject> {
  /** Item type and collection name, e.g. `DEAL_STATUS`. */
  type: string;
  /** Singular noun for messages, e.g. `Deal status`. */
  label: string;
  /** The record as the API shows it. */
  record: R;
  /** The field that addresses a record in paths: `id` (UUID), or `type` (a key, for activity types). */
  addressedBy: 'id' | 'type';
  /** `stage_order` lists are shown by that number; the others in creation order. */
  order: 'stage_order' | 'creation';
  /** Names are unique within the list, case-insensitively (guard items keep it true under races). */
  uniqueNames: boolean;
  /** Exactly one record is the default (`is_default_status`). */
  singleDefault: boolean;
  /** Values filled in when a create leaves them out. */
  createDefaults: Partial<z.output<R>>;
  /** The records a new team starts with. */
  seed: Partial<z.output<R>>[];
}

type Input = Record<string, unknown> & { name?: string };

/** A configuration list with its operations; see {@link defineConfigurationList}. */
export type ConfigurationList<R extends z.ZodMiniObject = z.ZodMiniObject> = ReturnType<typeof defineConfigurationList<R>>;

/**
 * Declares a configuration list (deal statuses, job roles, activity types, …) and returns the
 * operations its endpoints need. Rules every list shares live here once: defaults on create,
 * unique names, a single default record, protected built-ins, soft deletion, optimistic locking.
 * @example export const jobRoles = defineConfigurationList({ type: 'JOB_ROLE', label: 'Job role', ... })
 */
export function defineConfigurationList<R extends z.ZodMiniObject>(spec: ConfigurationListSpec<R>) {
  type Row = z.output<R>;
  const fields = Object.keys(spec.record.shape);
  const recordKey = (address: string) => ({ pk: spec.type, sk: `ID#${address}` });
  const nameKey = (name: string) => ({ pk: spec.type, sk: `NAME#${name.trim().toLowerCase()}` });
  const nameConflict = (name: string) => `A ${spec.label.toLowerCase()} named "${name}" already exists`;
  const changedConcurrently = `The ${spec.label.toLowerCase()} changed concurrently; retry`;

  const toRecord = (stored: Stored<ConfigurationRecord>): Row => {
    const row: Record<string, unknown> = {};
    for (const field of fields) row[field] = stored[field] ?? null;
    return row as Row;
  };

  const compare = (a: Stored<ConfigurationRecord>, b: Stored<ConfigurationRecord>) => {
    if (spec.order === 'stage_order') {
      const byOrder = (a.stage_order ?? Number.MAX_SAFE_INTEGER) - (b.stage_order ?? Number.MAX_SAFE_INTEGER);
      if (byOrder !== 0) return byOrder;
    }
    return compareAscii(a.created_sort ?? '', b.created_sort ?? '');
  };

  /** Every live record, ordered; archived ones only when asked. */
  async function readAll(table: TeamTable, options: { includeArchived?: boolean } = {}) {
    const items = await table.queryCollection<ConfigurationRecord>(spec.type, { skBeginsWith: 'ID#' });
    return items.filter((item) => !item.deleted_at && (options.includeArchived || !item.is_archived)).sort(compare);
  }

  async function readOne(table: TeamTable, address: string) {
    const item = await table.get<ConfigurationRecord>(recordKey(address));
    if (!item || item.deleted_at) throw new NotFoundError(spec.label);
    return item;
  }

  /** The event of a change: the record as the API shows it, with the list it belongs to (`data.list`, e.g. `DEAL_STATUS`). */
  function configurationEvent(table: TeamTable, type: 'configuration.created' | 'configuration.updated' | 'configuration.deleted', row: Row, now: string, extra: Record<string, unknown> = {}): WriteOperation {
    return eventWrite(table, { type, subject: 'plain', snapshot: { list: spec.type, ...(row as Record<string, unknown>) }, extra, timestamp: now });
  }

  /** Writes that clear `is_default_status` on every other default of the list. */
  function clearOtherDefaults(table: TeamTable, items: Stored<ConfigurationRecord>[], keep: string, now: string): WriteOperation[] {
    return items
      .filter((item) => item.is_default_status && String(item[spec.addressedBy]) !== keep)
      .map((item) => table.update(recordKey(String(item[spec.addressedBy])), item.version, { is_default_status: false, updated_at: now }, { conflictMessage: changedConcurrently }));
  }

  /** The writes that create one record (with its name guard); used by {@link create} and team seeding. */
  function createWrites(table: TeamTable, input: Input, existing: Stored<ConfigurationRecord>[], now: string): { writes: WriteOperation[]; record: ConfigurationRecord } {
    const record: ConfigurationRecord = { ...spec.createDefaults, ...input, name: String(input.name) } as ConfigurationRecord;
    if (spec.addressedBy === 'id') record.id = newId();
    else record.type ??= slugify(record.name);
    if (spec.order === 'stage_order' && record.stage_order === undefined) {
      record.stage_order = existing.reduce((max, item) => Math.max(max, item.stage_order ?? 0), 0) + 1;
    }
    if (spec.singleDefault) record.is_default_status = Boolean(record.is_default_status) || !existing.some((item) => item.is_default_status);
    const address = String(record[spec.addressedBy]);
    const writes = [
      table.create(recordKey(address), { ...record, created_at: now, updated_at: now, created_sort: creationSortKey() }, {
        entity: spec.type,
        conflictMessage: `A ${spec.label.toLowerCase()} with key "${address}" already exists`,
        replaceDeleted: spec.addressedBy === 'type',
      }),
    ];
    if (spec.uniqueNames) writes.push(table.create(nameKey(record.name), { address }, { entity: `${spec.type}_NAME`, conflictMessage: nameConflict(record.name) }));
    if (spec.singleDefault && record.is_default_status) writes.push(...clearOtherDefaults(table, existing, address, now));
    return { writes, record };
  }

  return {
    spec,
    toRecord,
    /** The table key of a record, for batch reads that fetch it beside other records. */
    keyOf: recordKey,

    /** The team's records, ordered (by `stage_order`, else creation). */
    async list(teamId: string, options: { includeArchived?: boolean } = {}): Promise<Row[]> {
      return (await readAll(forTeam(teamId), options)).map(toRecord);
    },

    /**
     * Every record ever created, deleted and archived ones included, by id or key: for rendering
     * references (a contact whose status was later deleted still shows that status).
     */
    async lookup(teamId: string): Promise<Map<string, Row & { deleted: boolean }>> {
      const items = await forTeam(teamId).queryCollection<ConfigurationRecord>(spec.type, { skBeginsWith: 'ID#' });
      return new Map(items.map((item) => [String(item[spec.addressedBy]), { ...toRecord(item), deleted: Boolean(item.deleted_at) }]));
    },

    /** One record by id or key; 404 when missing, deleted or another team's. */
    async get(teamId: string, address: string): Promise<Row> {
      return toRecord(await readOne(forTeam(teamId), address));
    },

    /** Creates a record; 409 when its name or key is taken. */
    async create(teamId: string, input: Input): Promise<Row> {
      const table = forTeam(teamId);
      const existing = await readAll(table, { includeArchived: true });
      const now = nowIso();
      const { writes, record } = createWrites(table, input, existing, now);
      const created = toRecord({ ...record, version: 1, entity: spec.type });
      await table.write([...writes, configurationEvent(table, 'configuration.created', created, now)]);
      return created;
    },

    /** Changes a record; renaming moves its name guard, and becoming the default demotes the old one. */
    async update(teamId: string, address: string, changes: Input): Promise<Row> {
      const table = forTeam(teamId);
      const current = await readOne(table, address);
      if (current.protected && changes.type !== undefined) throw new ConflictError(`A built-in ${spec.label.toLowerCase()} cannot change its key`);
      if (spec.singleDefault && current.is_default_status && changes.is_default_status === false) {
        throw new ConflictError(`The default ${spec.label.toLowerCase()} cannot stop being the default; make another one the default instead`);
      }
      const now = nowIso();
      const writes = [table.update(recordKey(address), current.version, { ...changes, updated_at: now }, { conflictMessage: changedConcurrently })];
      const renamed = changes.name !== undefined && changes.name.trim().toLowerCase() !== current.name.trim().toLowerCase();
      if (spec.uniqueNames && renamed) {
        writes.push(table.remove(nameKey(current.name)), table.create(nameKey(changes.name as string), { address }, { entity: `${spec.type}_NAME`, conflictMessage: nameConflict(changes.name as string) }));
      }
      if (spec.singleDefault && changes.is_default_status === true && !current.is_default_status) {
        writes.push(...clearOtherDefaults(table, await readAll(table, { includeArchived: true }), address, now));
      }
      const updated = toRecord({ ...current, ...changes, updated_at: now } as Stored<ConfigurationRecord>);
      await table.write([...writes, configurationEvent(table, 'configuration.updated', updated, now)]);
      return updated;
    },

    /** Soft-deletes a record; built-in (protected) records and the current default cannot be deleted (409). */
    async remove(teamId: string, address: string): Promise<void> {
      const table = forTeam(teamId);
      const current = await readOne(table, address);
      if (current.protected) throw new ConflictError(`A built-in ${spec.label.toLowerCase()} cannot be deleted; archive it instead`);
      if (spec.singleDefault && current.is_default_status) throw new ConflictError(`The default ${spec.label.toLowerCase()} cannot be deleted; make another one the default first`);
      const now = nowIso();
      const writes = [table.update(recordKey(address), current.version, { deleted_at: now, updated_at: now }, { conflictMessage: changedConcurrently })];
      if (spec.uniqueNames) writes.push(table.remove(nameKey(current.name)));
      await table.write([...writes, configurationEvent(table, 'configuration.deleted', { ...toRecord(current), updated_at: now }, now, { deleted_at: now })]);
    },

    /** The writes that seed a new team's list (see `configuration/defaults.ts`). */
    seedWrites(table: TeamTable, now: string): WriteOperation[] {
      const created: Stored<ConfigurationRecord>[] = [];
      const writes: WriteOperation[] = [];
      for (const input of spec.seed) {
        const { writes: recordWrites, record } = createWrites(table, input as Input, created, now);
        // Seeds are written together, so later seeds must not try to demote earlier ones.
        writes.push(...recordWrites.filter((write) => !write.item.Update));
        created.push({ ...record, version: 1, entity: spec.type });
      }
      return writes;
    },
  };
}

/**
 * Orders ULIDs as DynamoDB orders sort keys (by code unit). `localeCompare` would be wrong for keys
 * and costs ~13 ms on a cold start to initialise the ICU collator.
 */
function compareAscii(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `Follow-up call` → `follow_up_call`: the key a custom activity type gets from its name. */
/**
 * The default record of a list (`is_default_status`) among the records `lookup` answered, ignoring
 * deleted ones; undefined when the team has none (new records then need an explicit status).
 */
export function liveDefault<T extends { is_default_status?: unknown; deleted: boolean }>(records: ReadonlyMap<string, T> | undefined): T | undefined {
  for (const record of records?.values() ?? []) if (record.is_default_status === true && !record.deleted) return record;
  return undefined;
}

export function slugify(name: string): string {
  const slug = name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return /^[a-z]/.test(slug) ? slug : `type_${slug}`;
}
