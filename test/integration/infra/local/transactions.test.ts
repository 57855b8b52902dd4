import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startEmbeddedEngine } from '../../../../infra/local/engine';
import type { EmbeddedEngine } from '../../../../infra/local/engine';

const TableName = 'transactions-test';
let engine: EmbeddedEngine;
let db: DynamoDBDocumentClient;

const key = (id: string) => ({ PK: `ITEM#${id}`, SK: 'ITEM' });
const read = async (id: string) => (await db.send(new GetCommand({ TableName, Key: key(id), ConsistentRead: true }))).Item;

beforeAll(async () => {
  engine = await startEmbeddedEngine();
  await ensureTable(engine.endpoint, TableName);
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: engine.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
});

afterAll(async () => {
  db.destroy();
  await engine.close();
});

describe('Embedded engine: transactions', () => {
  it('applies every write of a successful transaction', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('counter'), count: 1 } }));
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...key('a1'), name: 'first' }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Update: { TableName, Key: key('counter'), UpdateExpression: 'ADD #c :one', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    expect(await read('a1')).toMatchObject({ name: 'first' });
    expect(await read('counter')).toMatchObject({ count: 2 });
  });

  it('undoes every write and reports each item when one condition fails', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('b-existing'), name: 'kept' } }));
    await db.send(new PutCommand({ TableName, Item: { ...key('b-changed'), name: 'before' } }));
    const failure = await db
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { ...key('b-new'), name: 'should vanish' }, ConditionExpression: 'attribute_not_exists(PK)' } },
            { Update: { TableName, Key: key('b-changed'), UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'after' } } },
            { Put: { TableName, Item: { ...key('b-existing'), name: 'overwritten' }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      )
      .catch((error: unknown) => error as Error & { CancellationReasons?: { Code: string }[] });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('TransactionCanceledException');
    expect((failure as { CancellationReasons: { Code: string }[] }).CancellationReasons.map((reason) => reason.Code)).toEqual(['None', 'None', 'ConditionalCheckFailed']);
    expect(await read('b-new')).toBeUndefined();
    expect(await read('b-changed')).toMatchObject({ name: 'before' });
    expect(await read('b-existing')).toMatchObject({ name: 'kept' });
  });

  it('evaluates a condition check without changing or creating its item', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('c-guard'), open: true } }));
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName, Key: key('c-guard'), ConditionExpression: '#o = :yes', ExpressionAttributeNames: { '#o': 'open' }, ExpressionAttributeValues: { ':yes': true } } },
          { ConditionCheck: { TableName, Key: key('c-missing'), ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName, Item: { ...key('c-written') } } },
        ],
      }),
    );
    expect(await read('c-guard')).toEqual({ ...key('c-guard'), open: true });
    expect(await read('c-missing')).toBeUndefined();
    expect(await read('c-written')).toBeDefined();
  });

  it('refuses two operations on one item', async () => {
    const failure = await db
      .send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: key('d') } }, { Delete: { TableName, Key: key('d') } }] }))
      .catch((error: unknown) => error as Error);
    expect((failure as Error).name).toBe('ValidationException');
    expect(await read('d')).toBeUndefined();
  });

  it('keeps concurrent transactions on one item serial, so exactly one conditional claim wins', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('e'), version: 1 } }));
    const claim = (owner: string) =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName, Key: key('e'), UpdateExpression: 'SET version = :two, #owner = :owner', ConditionExpression: 'version = :one', ExpressionAttributeNames: { '#owner': 'owner' }, ExpressionAttributeValues: { ':one': 1, ':two': 2, ':owner': owner } } },
            { Put: { TableName, Item: { ...key(`e-log-${owner}`) } } },
          ],
        }),
      );
    const results = await Promise.allSettled(['x', 'y', 'z'].map(claim));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const winner = (await read('e'))?.owner as string;
    expect(await read(`e-log-${winner}`)).toBeDefined();
    for (const loser of ['x', 'y', 'z'].filter((owner) => owner !== winner)) expect(await read(`e-log-${loser}`)).toBeUndefined();
  });

  it('reads several items in one TransactGetItems', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('f1'), n: 1 } }));
    const { Responses } = await db.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName, Key: key('f1') } }, { Get: { TableName, Key: key('f-none') } }] }));
    expect(Responses?.[0]?.Item).toMatchObject({ n: 1 });
    expect(Responses?.[1]?.Item).toBeUndefined();
  });
});
