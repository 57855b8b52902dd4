import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forTeam, writeAll } from '../../../../shared/db/repository';
import { ConflictError } from '../../../../shared/http/errors';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);
const metadata = { httpStatusCode: 400, requestId: 'DDB-REQ', attempts: 1, totalRetryDelay: 0 };

/** An item as the table stores it for member `n` of team t1 (GSI1, creation order). */
const memberItem = (n: number) => ({
  PK: `TEAM#t1#TEAM_MEMBER#m${n}`,
  SK: 'TEAM_MEMBER',
  GSI1PK: 'TEAM#t1#TEAM_MEMBER',
  GSI1SK: `01J${String(n).padStart(23, '0')}`,
  team_id: 't1',
  entity: 'TEAM_MEMBER',
  id: `m${n}`,
  version: 1,
});

beforeEach(() => {
  useTestEnvironment();
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Repository: forTeam', () => {
  describe('get', () => {
    it('sends a consistent GetCommand on the team-prefixed key and strips key attributes (keeping entity)', async () => {
      ddb.on(GetCommand).resolves({ Item: { PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1', GSI1PK: 'x', GSI1SK: 'y', team_id: 't1', entity: 'DEAL_STATUS', name: 'Lead', version: 2 } });
      expect(await forTeam('t1').get({ pk: 'DEAL_STATUS', sk: 'ID#1' })).toEqual({ name: 'Lead', version: 2, entity: 'DEAL_STATUS' });
      const calls = ddb.commandCalls(GetCommand);
      expect(calls).toHaveLength(1);
      const input = calls[0]?.args[0].input;
      expect(input?.Key?.PK).toMatch(/^TEAM#t1#/);
      expect(input).toEqual({ TableName: 'test', Key: { PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1' }, ConsistentRead: true });
    });

    it('returns undefined when the item is absent', async () => {
      ddb.on(GetCommand).resolves({});
      expect(await forTeam('t1').get({ pk: 'DEAL_STATUS', sk: 'ID#missing' })).toBeUndefined();
    });

    it('can read eventually consistent', async () => {
      ddb.on(GetCommand).resolves({});
      await forTeam('t1').get({ pk: 'X', sk: 'Y' }, { consistent: false });
      expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.ConsistentRead).toBe(false);
    });

    it('cannot be steered into another team by the key it is given', async () => {
      ddb.on(GetCommand).resolves({});
      await forTeam('t1').get({ pk: 'DEAL_STATUS#../../TEAM#t2', sk: 'ID#1' });
      expect(ddb.commandCalls(GetCommand)[0]?.args[0].input.Key?.PK).toBe('TEAM#t1#DEAL_STATUS#../../TEAM#t2');
    });
  });

  describe('queryPage', () => {
    it('asks for offset + limit items and drops the first offset', async () => {
      ddb.on(QueryCommand).resolves({ Items: [1, 2, 3, 4, 5].map(memberItem) });
      const items = await forTeam('t1').queryPage<{ id: string }>({ index: 'GSI1', pk: 'TEAM_MEMBER', ascending: true, offset: 3, limit: 2 });
      expect(items).toEqual([{ id: 'm4', version: 1, entity: 'TEAM_MEMBER' }, { id: 'm5', version: 1, entity: 'TEAM_MEMBER' }]);
      const calls = ddb.commandCalls(QueryCommand);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.args[0].input).toEqual({
        TableName: 'test',
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'TEAM#t1#TEAM_MEMBER' },
        ScanIndexForward: true,
        Limit: 5,
        ExclusiveStartKey: undefined,
      });
    });

    it('continues from LastEvaluatedKey asking only for what is still missing', async () => {
      const lastKey = { PK: 'TEAM#t1#TEAM_MEMBER#m2', SK: 'TEAM_MEMBER', GSI1PK: 'TEAM#t1#TEAM_MEMBER', GSI1SK: 'k2' };
      ddb
        .on(QueryCommand)
        .resolvesOnce({ Items: [1, 2].map(memberItem), LastEvaluatedKey: lastKey })
        .resolvesOnce({ Items: [3, 4].map(memberItem), LastEvaluatedKey: { later: true } });
      const items = await forTeam('t1').queryPage<{ id: string }>({ index: 'GSI1', pk: 'TEAM_MEMBER', ascending: false, offset: 1, limit: 3 });
      expect(items.map((item) => item.id)).toEqual(['m2', 'm3', 'm4']);
      const calls = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
      expect(calls.map((input) => [input.Limit, input.ExclusiveStartKey, input.ScanIndexForward])).toEqual([
        [4, undefined, false],
        [2, lastKey, false],
      ]);
    });

    it('returns what there is when the partition ends before the page', async () => {
      ddb.on(QueryCommand).resolves({ Items: [1, 2].map(memberItem) });
      expect(await forTeam('t1').queryPage({ index: 'GSI1', pk: 'TEAM_MEMBER', ascending: true, offset: 5, limit: 10 })).toEqual([]);
    });
  });

  describe('queryCollection', () => {
    it('reads every page of a collection with a sort-key prefix', async () => {
      ddb
        .on(QueryCommand)
        .resolvesOnce({ Items: [{ PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1', name: 'Lead' }], LastEvaluatedKey: { PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1' } })
        .resolvesOnce({ Items: [{ PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#2', name: 'Won' }] });
      expect(await forTeam('t1').queryCollection('DEAL_STATUS', { skBeginsWith: 'ID#' })).toEqual([{ name: 'Lead' }, { name: 'Won' }]);
      const [first, second] = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
      expect(first).toEqual({
        TableName: 'test',
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': 'TEAM#t1#DEAL_STATUS', ':prefix': 'ID#' },
        ConsistentRead: true,
        ExclusiveStartKey: undefined,
      });
      expect(second?.ExclusiveStartKey).toEqual({ PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1' });
    });
  });

  describe('getMany', () => {
    it('batches the team-prefixed keys and answers in the order asked, leaving out absent items', async () => {
      ddb.on(BatchGetCommand).resolves({
        Responses: { test: [{ PK: 'TEAM#t1#THING', SK: 'ID#2', name: 'Two' }, { PK: 'TEAM#t1#THING', SK: 'ID#1', name: 'One' }] },
      });
      const keys = [1, 2, 3].map((n) => ({ pk: 'THING', sk: `ID#${n}` }));
      expect(await forTeam('t1').getMany(keys)).toEqual([{ name: 'One' }, { name: 'Two' }]);
      expect(ddb.commandCalls(BatchGetCommand)[0]?.args[0].input).toEqual({
        RequestItems: { test: { Keys: [1, 2, 3].map((n) => ({ PK: 'TEAM#t1#THING', SK: `ID#${n}` })) } },
      });
    });
  });

  describe('count', () => {
    it('reads the counter item (0 when never counted)', async () => {
      ddb.on(GetCommand, { Key: { PK: 'TEAM#t1#COUNTER', SK: 'TEAM_MEMBER' } }).resolves({ Item: { count: 4 } });
      ddb.on(GetCommand, { Key: { PK: 'TEAM#t1#COUNTER', SK: 'OTHER' } }).resolves({});
      expect(await forTeam('t1').count('TEAM_MEMBER')).toBe(4);
      expect(await forTeam('t1').count('OTHER')).toBe(0);
    });
  });

  describe('update', () => {
    it('builds a conditional update on the expected version', () => {
      const operation = forTeam('t1').update({ pk: 'DEAL_STATUS', sk: 'ID#1' }, 3, { name: 'Qualified', color: undefined }, { conflictMessage: 'Changed concurrently' });
      expect(operation).toEqual({
        conflictMessage: 'Changed concurrently',
        item: {
          Update: {
            TableName: 'test',
            Key: { PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1' },
            UpdateExpression: 'SET #version = #version + :one, #f0 = :v0, #f1 = :v1',
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version', '#f0': 'name', '#f1': 'color' },
            ExpressionAttributeValues: { ':expected': 3, ':one': 1, ':v0': 'Qualified', ':v1': null },
          },
        },
      });
    });

    it('sends an UpdateCommand with ConditionExpression #version = :expected when written alone', async () => {
      ddb.on(UpdateCommand).resolves({});
      const table = forTeam('t1');
      await table.write([table.update({ pk: 'DEAL_STATUS', sk: 'ID#1' }, 3, { name: 'Qualified' }, { conflictMessage: 'Changed concurrently' })]);
      const calls = ddb.commandCalls(UpdateCommand);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.args[0].input).toMatchObject({ Key: { PK: 'TEAM#t1#DEAL_STATUS', SK: 'ID#1' }, ConditionExpression: '#version = :expected', ExpressionAttributeValues: { ':expected': 3 } });
    });

    it('answers 409 with the conflict message when the version moved on', async () => {
      ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: metadata }));
      const table = forTeam('t1');
      const write = table.write([table.update({ pk: 'DEAL_STATUS', sk: 'ID#1' }, 3, { name: 'Qualified' }, { conflictMessage: 'Changed concurrently' })]);
      await expect(write).rejects.toEqual(new ConflictError('Changed concurrently'));
      await expect(write).rejects.toBeInstanceOf(ConflictError);
    });
  });

  describe('create', () => {
    it('builds a Put that stamps team, entity, version and team-prefixed index keys, only if the key is free', () => {
      const operation = forTeam('t1').create({ pk: 'TEAM_MEMBER#m1', sk: 'TEAM_MEMBER' }, { id: 'm1', team_id: 'forged' }, { entity: 'TEAM_MEMBER', indexes: { GSI1: { pk: 'TEAM_MEMBER', sk: 'k1' } }, conflictMessage: 'Taken' });
      expect(operation).toEqual({
        conflictMessage: 'Taken',
        item: {
          Put: {
            TableName: 'test',
            Item: { id: 'm1', PK: 'TEAM#t1#TEAM_MEMBER#m1', SK: 'TEAM_MEMBER', GSI1PK: 'TEAM#t1#TEAM_MEMBER', GSI1SK: 'k1', team_id: 't1', entity: 'TEAM_MEMBER', version: 1 },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      });
    });

    it('may replace a soft-deleted item (deleted_at a string, not the null of live items) when asked', () => {
      const operation = forTeam('t1').create({ pk: 'ACTIVITY_TYPE', sk: 'ID#call' }, {}, { entity: 'ACTIVITY_TYPE', conflictMessage: 'Taken', replaceDeleted: true });
      expect(operation.item.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK) OR attribute_type(deleted_at, :string)', ExpressionAttributeValues: { ':string': 'S' } });
    });
  });

  describe('increment', () => {
    it('adds to the team counter item', () => {
      expect(forTeam('t1').increment('TEAM_MEMBER', -1).item.Update).toEqual({
        TableName: 'test',
        Key: { PK: 'TEAM#t1#COUNTER', SK: 'TEAM_MEMBER' },
        UpdateExpression: 'ADD #count :by SET team_id = :team, entity = :entity',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': -1, ':team': 't1', ':entity': 'COUNTER' },
      });
    });
  });
});

describe('Repository: writeAll', () => {
  const table = () => forTeam('t1');
  const createA = () => table().create({ pk: 'THING', sk: 'ID#a' }, {}, { entity: 'THING', conflictMessage: 'a is taken' });
  const createB = () => table().create({ pk: 'THING', sk: 'ID#b' }, {}, { entity: 'THING', conflictMessage: 'b is taken' });

  it('sends a single Put as a PutCommand', async () => {
    ddb.on(PutCommand).resolves({});
    await writeAll([createA()]);
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input).toEqual(createA().item.Put);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('sends a single Delete as a one-item transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await writeAll([table().remove({ pk: 'THING', sk: 'NAME#a' })]);
    expect(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input).toEqual({ TransactItems: [{ Delete: { TableName: 'test', Key: { PK: 'TEAM#t1#THING', SK: 'NAME#a' } } }] });
  });

  it('sends several writes as one TransactWriteCommand', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await writeAll([createA(), createB()]);
    expect(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input).toEqual({ TransactItems: [createA().item, createB().item] });
  });

  it('maps a ConditionalCheckFailed cancellation reason to a ConflictError with that write message', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: metadata, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
    );
    await expect(writeAll([createA(), createB()])).rejects.toEqual(new ConflictError('b is taken'));
  });

  it('lets other errors through untouched', async () => {
    const error = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    ddb.on(PutCommand).rejects(error);
    await expect(writeAll([createA()])).rejects.toBe(error);
  });
});
