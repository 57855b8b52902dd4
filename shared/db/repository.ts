import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchGetCommandOutput, QueryCommandInput, QueryCommandOutput, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../http/errors';
import { documentClient, tableName } from './client';
import { isConditionFailure } from './errors';
import { tableDefinition } from './table';
import type { IndexName } from './table';

/** A key relative to a team: the repository adds the `TEAM#<teamId>` prefix to `pk`. */
export interface TeamKey {
  pk: string;
  sk: string;
}

/** Secondary-index keys of an item, relative to the team like {@link TeamKey}. */
export type TeamIndexKeys = Partial<Record<IndexName, TeamKey>>;

/** Attributes the repository keeps on every item for itself. */
export interface ItemMeta {
  version: number;
  /** The record type that wrote the item (`JOB`, `DEAL_LINK`, …): tells items of one collection apart. */
  entity: string;
  created_sort?: string;
  deleted_at?: string | null;
}

/** A stored item as domain code sees it: its own fields plus {@link ItemMeta}, without key attributes. */
export type Stored<T> = T & ItemMeta;

/**
 * Splits a stored item into its record fields and the repository's metadata, so a service can
 * change the record and write it back without touching what the repository manages.
 * @example const { record, meta } = splitMeta(current); table.update(key, meta.version, { ...record, name }, …)
 */
export function splitMeta<T>(stored: Stored<T>): { record: T; meta: ItemMeta & { created_sort?: string } } {
  const { version, entity, created_sort, deleted_at, ...record } = stored as Stored<T> & Record<string, unknown>;
  return { record: record as T, meta: { version, entity, ...(created_sort === undefined ? {} : { created_sort }), ...(deleted_at === undefined ? {} : { deleted_at }) } };
}

/** The key of a counter item (see `TeamTable.increment`), for conditions on a count. */
export const counterKey = (counter: string): TeamKey => ({ pk: 'COUNTER', sk: counter });

/** A condition of a write beyond the repository's own, with the placeholders it uses. */
export interface ExtraCondition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** One write of a transaction, built by {@link TeamTable} and run by {@link TeamTable.write}. */
export interface WriteOperation {
  item: NonNullable<TransactWriteCommandInput['TransactItems']>[number];
  /** The message of the 409 answered when this write's condition fails. */
  conflictMessage: string;
}

const keyAttributes = new Set(['PK', 'SK', 'team_id', ...tableDefinition.indexes.flatMap((index) => [index.partitionKey, index.sortKey])]);

function withoutKeys<T>(item: Record<string, unknown>): Stored<T> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) if (!keyAttributes.has(name)) copy[name] = value;
  return copy as Stored<T>;
}

/**
 * Runs a `Query` page after page until it is exhausted or `maxItems` are read (a `Limit` asks for no
 * more than are still wanted, so a page query never reads past its page).
 */
async function queryItems<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>, maxItems = Number.POSITIVE_INFINITY): Promise<Stored<T>[]> {
  const items: Stored<T>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result: QueryCommandOutput = await documentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey, ...(Number.isFinite(maxItems) ? { Limit: maxItems - items.length } : {}) }),
    );
    for (const item of result.Items ?? []) items.push(withoutKeys<T>(item));
    startKey = result.LastEvaluatedKey;
  } while (startKey && items.length < maxItems);
  return items;
}

/**
 * The only door to the table for team-owned data. Every key it reads or writes is prefixed with
 * the team of the credential, so a handler cannot read another team's item by passing its id:
 * the key simply does not exist under this team, and the answer is "not found".
 * @example const table = forTeam(principal.teamId); await table.get({ pk: 'DEAL_STATUS', sk: `ID#${id}` })
 */
export function forTeam(teamId: string) {
  const prefix = `TEAM#${teamId}`;
  const fullKey = (key: TeamKey) => ({ PK: key.pk ? `${prefix}#${key.pk}` : prefix, SK: key.sk });

  const indexAttributes = (indexes: TeamIndexKeys | undefined) => {
    const attributes: Record<string, string> = {};
    for (const [name, key] of Object.entries(indexes ?? {}) as [IndexName, TeamKey][]) {
      attributes[`${name}PK`] = `${prefix}#${key.pk}`;
      attributes[`${name}SK`] = key.sk;
    }
    return attributes;
  };

  return {
    teamId,

    /** `GetItem` of one item; `undefined` when absent. */
    async get<T>(key: TeamKey, options: { consistent?: boolean } = {}): Promise<Stored<T> | undefined> {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: fullKey(key), ConsistentRead: options.consistent ?? true }),
      );
      return Item ? withoutKeys<T>(Item) : undefined;
    },

    /**
     * `BatchGetItem` of any keys (of several record types at once), 100 per call, answered in the
     * order asked with `undefined` where nothing is stored.
     */
    async getEach<T>(keys: TeamKey[]): Promise<(Stored<T> | undefined)[]> {
      const found = new Map<string, Stored<T>>();
      const unique = [...new Map(keys.map((key) => { const k = fullKey(key); return [`${k.PK}|${k.SK}`, k]; })).values()];
      for (let start = 0; start < unique.length; start += 100) {
        let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + 100);
        while (pending?.length) {
          const result: BatchGetCommandOutput = await documentClient().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
          for (const item of result.Responses?.[tableName()] ?? []) found.set(`${item.PK}|${item.SK}`, withoutKeys<T>(item));
          pending = result.UnprocessedKeys?.[tableName()]?.Keys;
        }
      }
      return keys.map((key) => { const k = fullKey(key); return found.get(`${k.PK}|${k.SK}`); });
    },

    /** Like {@link getEach}, leaving out what is not stored. */
    async getMany<T>(keys: TeamKey[]): Promise<Stored<T>[]> {
      return (await this.getEach<T>(keys)).filter((item): item is Stored<T> => item !== undefined);
    },

    /** `Query` of a whole item collection (every page), optionally narrowed to a sort-key prefix. */
    async queryCollection<T>(pk: string, options: { skBeginsWith?: string } = {}): Promise<Stored<T>[]> {
      return queryItems<T>({
        KeyConditionExpression: options.skBeginsWith ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': fullKey({ pk, sk: '' }).PK, ...(options.skBeginsWith ? { ':prefix': options.skBeginsWith } : {}) },
        ConsistentRead: true,
      });
    },

    /** `Query` of the part of an item collection whose sort keys lie between `from` and `to` (inclusive). */
    async queryRange<T>(pk: string, range: { from: string; to: string }): Promise<Stored<T>[]> {
      return queryItems<T>({
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': fullKey({ pk, sk: '' }).PK, ':from': range.from, ':to': range.to },
        ConsistentRead: true,
      });
    },

    /**
     * One page of an ordered index partition: reads `offset + limit` items at most and drops the
     * first `offset`, so the cost grows with the page asked for, never with the partition's size.
     */
    async queryPage<T>(query: { index: IndexName; pk: string; ascending: boolean; offset: number; limit: number }): Promise<Stored<T>[]> {
      const items = await queryItems<T>(
        { IndexName: query.index, KeyConditionExpression: `${query.index}PK = :pk`, ExpressionAttributeValues: { ':pk': `${prefix}#${query.pk}` }, ScanIndexForward: query.ascending },
        query.offset + query.limit,
      );
      return items.slice(query.offset);
    },

    /**
     * Every item of one index partition, in index order (all pages). For partitions known to be
     * small (one person's contacts) or where a filter must see everything (documented per use).
     * `between` narrows the read to the sort keys from `from` to `to` (inclusive), so a range
     * costs what it holds (tasks due in one week).
     */
    async queryIndex<T>(query: { index: IndexName; pk: string; ascending?: boolean; between?: { from: string; to: string } }): Promise<Stored<T>[]> {
      const range = query.between ? ` AND ${query.index}SK BETWEEN :from AND :to` : '';
      return queryItems<T>({
        IndexName: query.index,
        KeyConditionExpression: `${query.index}PK = :pk${range}`,
        ExpressionAttributeValues: { ':pk': `${prefix}#${query.pk}`, ...(query.between ? { ':from': query.between.from, ':to': query.between.to } : {}) },
        ScanIndexForward: query.ascending ?? true,
      });
    },

    /**
     * How many items one index partition holds (`Query` with `Select: COUNT`, all pages): no item
     * leaves the table, but DynamoDB still charges for what it reads. For partitions whose items
     * expire by TTL, where a counter item would drift (an endpoint's webhook deliveries).
     */
    async countIndex(query: { index: IndexName; pk: string }): Promise<number> {
      let total = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const result: QueryCommandOutput = await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: query.index,
            KeyConditionExpression: `${query.index}PK = :pk`,
            ExpressionAttributeValues: { ':pk': `${prefix}#${query.pk}` },
            Select: 'COUNT',
            ExclusiveStartKey: startKey,
          }),
        );
        total += result.Count ?? 0;
        startKey = result.LastEvaluatedKey;
      } while (startKey);
      return total;
    },

    /**
     * The value of a counter kept by {@link increment} (0 when never counted). Read eventually
     * consistent, like the index page it totals (half the read capacity of a consistent read).
     */
    async count(counter: string): Promise<number> {
      const item = await this.get<{ count: number }>({ pk: 'COUNTER', sk: counter }, { consistent: false });
      return item?.count ?? 0;
    },

    /**
     * Writes a new item; fails with 409 `conflictMessage` when the key is taken. With
     * `replaceDeleted`, a soft-deleted item (one with a `deleted_at` timestamp) may be replaced.
     */
    create(key: TeamKey, fields: Record<string, unknown>, options: { indexes?: TeamIndexKeys; entity: string; conflictMessage: string; replaceDeleted?: boolean }): WriteOperation {
      return {
        conflictMessage: options.conflictMessage,
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...fields, ...fullKey(key), ...indexAttributes(options.indexes), team_id: teamId, entity: options.entity, version: 1 },
            ...(options.replaceDeleted
              ? { ConditionExpression: 'attribute_not_exists(PK) OR attribute_type(deleted_at, :string)', ExpressionAttributeValues: { ':string': 'S' } }
              : { ConditionExpression: 'attribute_not_exists(PK)' }),
          },
        },
      };
    },

    /**
     * Changes fields of an existing item. With a version number, only if nobody changed it since it
     * was read (optimistic concurrency); with `'live'`, as long as it exists and is not deleted,
     * without touching the version (for changes that commute with edits, such as stamping the date
     * of the last activity: a concurrent edit must not fail because of it). A failed
     * condition answers 409 `conflictMessage`. `indexes` moves the item within secondary indexes;
     * `removeIndexes` and `remove` take it out of indexes and drop attributes.
     */
    update(
      key: TeamKey,
      expectedVersion: number | 'live',
      changes: Record<string, unknown>,
      options: { conflictMessage: string; indexes?: TeamIndexKeys; removeIndexes?: IndexName[]; remove?: string[] },
    ): WriteOperation {
      const managed = Object.keys(changes).filter((field) => field === 'version' || field === 'created_sort' || field === 'entity' || keyAttributes.has(field));
      if (managed.length) throw new Error(`update() cannot change attributes the repository manages: ${managed.join(', ')}`);
      const versioned = expectedVersion !== 'live';
      const names: Record<string, string> = versioned ? { '#version': 'version' } : {};
      const values: Record<string, unknown> = versioned ? { ':one': 1, ':expected': expectedVersion } : {};
      const assignments = versioned ? ['#version = #version + :one'] : [];
      Object.entries({ ...changes, ...indexAttributes(options.indexes) }).forEach(([field, value], position) => {
        names[`#f${position}`] = field;
        values[`:v${position}`] = value === undefined ? null : value;
        assignments.push(`#f${position} = :v${position}`);
      });
      const removals = [...(options.remove ?? []), ...(options.removeIndexes ?? []).flatMap((index) => [`${index}PK`, `${index}SK`])].map((field, position) => {
        names[`#r${position}`] = field;
        return `#r${position}`;
      });
      const condition = versioned ? '#version = :expected' : 'attribute_exists(PK) AND attribute_not_exists(deleted_at)';
      return {
        conflictMessage: options.conflictMessage,
        item: {
          Update: {
            TableName: tableName(),
            Key: fullKey(key),
            UpdateExpression: `SET ${assignments.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''}`,
            ConditionExpression: condition,
            ExpressionAttributeNames: names,
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          },
        },
      };
    },

    /**
     * Adds `by` (may be negative) to a number attribute of a live item without touching its
     * version: a commuting change, like a job's `candidate_count` kept by candidate writes. `set`
     * stamps other attributes in the same write (a list's `updated_at` beside its `item_count`).
     */
    adjust(key: TeamKey, field: string, by: number, options: { conflictMessage: string; require?: ExtraCondition; set?: Record<string, unknown> }): WriteOperation {
      const stamped = Object.entries(options.set ?? {});
      const managed = stamped.filter(([name]) => name === 'version' || name === 'created_sort' || name === 'entity' || keyAttributes.has(name));
      if (managed.length) throw new Error(`adjust() cannot set attributes the repository manages: ${managed.map(([name]) => name).join(', ')}`);
      return {
        conflictMessage: options.conflictMessage,
        item: {
          Update: {
            TableName: tableName(),
            Key: fullKey(key),
            UpdateExpression: `ADD #field :by${stamped.length ? ` SET ${stamped.map((_entry, position) => `#s${position} = :s${position}`).join(', ')}` : ''}`,
            ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(deleted_at)${options.require ? ` AND (${options.require.expression})` : ''}`,
            ExpressionAttributeNames: { '#field': field, ...options.require?.names, ...Object.fromEntries(stamped.map(([name], position) => [`#s${position}`, name])) },
            ExpressionAttributeValues: { ':by': by, ...options.require?.values, ...Object.fromEntries(stamped.map(([, value], position) => [`:s${position}`, value])) },
          },
        },
      };
    },

    /**
     * A condition on an item the transaction does not otherwise write (`ConditionCheck`): the
     * transaction commits only if it holds, else 409 `conflictMessage`.
     */
    check(key: TeamKey, condition: ExtraCondition, options: { conflictMessage: string }): WriteOperation {
      return {
        conflictMessage: options.conflictMessage,
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: fullKey(key),
            ConditionExpression: condition.expression,
            ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
            ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
          },
        },
      };
    },

    /** Removes an item outright (guard items; records are soft-deleted with {@link update}). */
    remove(key: TeamKey): WriteOperation {
      return { conflictMessage: 'The record changed while it was being removed', item: { Delete: { TableName: tableName(), Key: fullKey(key) } } };
    },

    /** Adds `by` (may be negative) to a counter read by {@link count}. */
    increment(counter: string, by: number): WriteOperation {
      return {
        conflictMessage: 'The count changed concurrently',
        item: {
          Update: {
            TableName: tableName(),
            Key: fullKey(counterKey(counter)),
            UpdateExpression: 'ADD #count :by SET team_id = :team, entity = :entity',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':by': by, ':team': teamId, ':entity': 'COUNTER' },
          },
        },
      };
    },

    /** Runs writes that must hold together: one write directly, several as one transaction. */
    write: writeAll,
  };
}

/** The repository of one team, as returned by {@link forTeam}. */
export type TeamTable = ReturnType<typeof forTeam>;

/**
 * Runs writes all-or-nothing. A failed condition becomes a 409 with the failing write's message;
 * every other error (throttling included) propagates to the error mapper.
 */
export async function writeAll(operations: WriteOperation[]): Promise<void> {
  const [only] = operations;
  if (operations.length === 1 && only) {
    try {
      if (only.item.Put) await documentClient().send(new PutCommand(only.item.Put));
      else if (only.item.Update) await documentClient().send(new UpdateCommand(only.item.Update));
      else await documentClient().send(new TransactWriteCommand({ TransactItems: [only.item] }));
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError(only.conflictMessage, { cause: error });
      throw error;
    }
    return;
  }
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: operations.map((operation) => operation.item) }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    const failed = reasons?.findIndex((reason) => reason.Code === 'ConditionalCheckFailed') ?? -1;
    if (failed >= 0) throw new ConflictError(operations[failed]?.conflictMessage ?? 'Conflicting change', { cause: error });
    if ((error as Error).name === 'TransactionConflictException' || reasons?.some((reason) => reason.Code === 'TransactionConflict')) {
      throw new ConflictError('Another change to the same records was in progress; retry the request', { cause: error });
    }
    throw error;
  }
}
