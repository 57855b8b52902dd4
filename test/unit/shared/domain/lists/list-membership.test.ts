import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../../../../shared/auth/scopes';
import { addListItems, chunkAttempts, membersPerTransaction, removeListItems } from '../../../../../shared/domain/lists/list-membership';
import { ConflictError } from '../../../../../shared/http/errors';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);
const metadata = { httpStatusCode: 400, requestId: 'DDB-REQ', attempts: 1, totalRetryDelay: 0 };
const session: Principal = { kind: 'session', teamId: 't1', teamMemberId: 'member-1', scopes: 'all', credentialId: 'jti' };
const listId = '00000000-0000-4000-8000-000000000001';
const personId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The table as the mock answers it, by `PK|SK`. */
let items: Map<string, Record<string, unknown>>;
const at = (pk: string, sk: string) => `TEAM#t1#${pk}|${sk}`;
const putPerson = (id: string, extra: Record<string, unknown> = {}) => items.set(at(`PERSON#${id}`, 'PERSON'), { PK: `TEAM#t1#PERSON#${id}`, SK: 'PERSON', id, name: id, entity: 'PERSON', version: 1, ...extra });
const putMember = (id: string, extra: Record<string, unknown> = {}) =>
  items.set(at(`LIST#${listId}`, `ITEM#${id}`), { PK: `TEAM#t1#LIST#${listId}`, SK: `ITEM#${id}`, list_id: listId, member_id: id, added_at: '2026-01-01T00:00:00.000Z', added_by_team_member_id: 'member-1', entity: 'LIST_ITEM', version: 1, ...extra });

const transactions = () => ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
const countAdjustment = (transaction: TransactItem[]) => transaction.find((item) => item.Update?.Key?.SK === 'LIST')?.Update?.ExpressionAttributeValues?.[':by'];
const conditionFailure = (reasons: string[]) => new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: metadata, CancellationReasons: reasons.map((Code) => ({ Code })) });

beforeEach(() => {
  useTestEnvironment();
  items = new Map();
  items.set(at(`LIST#${listId}`, 'LIST'), { PK: `TEAM#t1#LIST#${listId}`, SK: 'LIST', id: listId, name: 'Shortlist', list_type: 'persons', item_count: 0, entity: 'LIST', version: 1 });
  ddb.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => ({ Item: items.get(`${input.Key.PK}|${input.Key.SK}`) }));
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { PK: string; SK: string }[] }> }) => {
    const [table, request] = Object.entries(input.RequestItems)[0] as [string, { Keys: { PK: string; SK: string }[] }];
    return { Responses: { [table]: request.Keys.flatMap((key) => items.get(`${key.PK}|${key.SK}`) ?? []) } };
  });
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  ddb.reset();
  vi.restoreAllMocks();
  restoreTestEnvironment();
});

describe('List membership: addListItems', () => {
  it(`writes 100 new ids in two transactions of at most 100 items (${membersPerTransaction} members, the count and the event each), adjusting item_count by each one's writes`, async () => {
    const ids = Array.from({ length: 100 }, (_, n) => personId(n));
    ids.forEach((id) => putPerson(id));
    ddb.on(TransactWriteCommand).resolves({});
    const result = await addListItems(session, listId, { person_ids: ids });
    expect(result.added_ids).toEqual(ids);
    const written = transactions();
    expect(written.map((transaction) => transaction.length)).toEqual([100, 4]);
    expect(written.map(countAdjustment)).toEqual([98, 2]);
    const put = written[0]?.[0]?.Put;
    expect(put?.ConditionExpression).toBe('attribute_not_exists(PK) OR attribute_type(deleted_at, :string)');
    expect(put?.Item).toMatchObject({ PK: `TEAM#t1#LIST#${listId}`, SK: `ITEM#${ids[0]}`, GSI1PK: `TEAM#t1#LIST_ITEM#${listId}`, entity: 'LIST_ITEM', added_by_team_member_id: 'member-1' });
    expect(written[0]?.[98]?.Update?.ConditionExpression).toBe('attribute_exists(PK) AND attribute_not_exists(deleted_at)');
    expect(written[0]?.[99]?.Put?.Item).toMatchObject({ entity: 'EVENT', type: 'list.items_added', snapshot: { list_id: listId, added_ids: ids.slice(0, 98) } });
  });

  it('re-reads and re-judges a chunk when a concurrent request added one of its ids first, counting only its own additions', async () => {
    const [first, second] = [personId(1), personId(2)];
    putPerson(first);
    putPerson(second);
    ddb
      .on(TransactWriteCommand)
      .callsFakeOnce(() => {
        putMember(first); // the concurrent request won the race for this id
        throw conditionFailure(['ConditionalCheckFailed', 'None', 'None']);
      })
      .resolves({});
    const result = await addListItems(session, listId, { person_ids: [first, second] });
    expect(result).toEqual({ list_id: listId, list_type: 'persons', added_ids: [second], already_present_ids: [first], failed: [] });
    const written = transactions();
    expect(written).toHaveLength(2);
    expect(written[1]?.map((item) => item.Put?.Item?.SK ?? item.Update?.Key?.SK)).toEqual([`ITEM#${second}`, 'LIST', 'EVENT']);
    expect(written[1]?.[2]?.Put?.Item).toMatchObject({ type: 'list.items_added', snapshot: { list_id: listId, added_ids: [second] } });
    expect(countAdjustment(written[1] ?? [])).toBe(1);
    // The retry reads the chunk's member items again, and only them.
    const reads = ddb.commandCalls(BatchGetCommand).map((call) => Object.values(call.args[0].input.RequestItems ?? {})[0]?.Keys?.length);
    expect(reads).toEqual([4, 2]);
  });

  it(`gives up with 409 after ${chunkAttempts} lost races in a row`, async () => {
    putPerson(personId(1));
    ddb.on(TransactWriteCommand).rejects(conditionFailure(['ConditionalCheckFailed', 'None']));
    await expect(addListItems(session, listId, { person_ids: [personId(1)] })).rejects.toBeInstanceOf(ConflictError);
    expect(transactions()).toHaveLength(chunkAttempts);
  });

  it('writes nothing when no id needs a change', async () => {
    putPerson(personId(1));
    putMember(personId(1));
    const result = await addListItems(session, listId, { person_ids: [personId(1), 'nope', personId(9)] });
    expect(result).toEqual({ list_id: listId, list_type: 'persons', added_ids: [], already_present_ids: [personId(1)], failed: [{ id: 'nope', reason: 'invalid_id' }, { id: personId(9), reason: 'not_found' }] });
    expect(transactions()).toEqual([]);
  });
});

describe('List membership: removeListItems', () => {
  it("removes a live member under a 'live' condition, out of the members index, and lowers item_count by the removals", async () => {
    putPerson(personId(1));
    putPerson(personId(2), { deleted_at: '2026-02-01T00:00:00.000Z' });
    putPerson(personId(3));
    putMember(personId(1), { GSI1PK: `TEAM#t1#LIST_ITEM#${listId}`, GSI1SK: '01J' });
    putMember(personId(2));
    putMember(personId(3), { deleted_at: '2026-02-02T00:00:00.000Z' });
    ddb.on(TransactWriteCommand).resolves({});
    const result = await removeListItems(session, listId, { person_ids: [personId(1), personId(2), personId(3)] });
    expect(result).toEqual({ list_id: listId, list_type: 'persons', removed_ids: [personId(1), personId(2)], not_found_ids: [personId(3)], failed: [] });
    const [transaction] = transactions();
    expect(transaction?.map((item) => item.Update?.ConditionExpression)).toEqual([
      'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
      'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
      'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
      undefined,
    ]);
    expect(transaction?.[3]?.Put?.Item).toMatchObject({ entity: 'EVENT', type: 'list.items_removed', snapshot: { list_id: listId, removed_ids: [personId(1), personId(2)] } });
    expect(transaction?.[0]?.Update?.UpdateExpression).toMatch(/REMOVE #r0, #r1$/);
    expect(transaction?.[0]?.Update?.ExpressionAttributeNames).toMatchObject({ '#r0': 'GSI1PK', '#r1': 'GSI1SK' });
    expect(countAdjustment(transaction ?? [])).toBe(-2);
  });

  it('reports an id a concurrent request removed first in not_found_ids without counting it again', async () => {
    putPerson(personId(1));
    putMember(personId(1));
    ddb
      .on(TransactWriteCommand)
      .callsFakeOnce(() => {
        putMember(personId(1), { deleted_at: '2026-03-01T00:00:00.000Z' });
        throw conditionFailure(['ConditionalCheckFailed', 'None']);
      })
      .resolves({});
    const result = await removeListItems(session, listId, { person_ids: [personId(1)] });
    expect(result).toEqual({ list_id: listId, list_type: 'persons', removed_ids: [], not_found_ids: [personId(1)], failed: [] });
    expect(transactions()).toHaveLength(1);
  });
});
