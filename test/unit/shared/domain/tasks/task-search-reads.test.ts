import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchTasks, searchTasksBody } from '../../../../../shared/domain/tasks/task-search';
import { neutralTask } from '../../../../support/tasks';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);
const person = '00000000-0000-4000-8000-000000000001';

/** A stored task as an index answers it (only what search and rendering read). */
const storedTask = (id: string) => neutralTask({ id, content_text: 'Task' }, { created_sort: id, entity: 'TASK', version: 1 });

/** The partitions a search read: `<index> <partition within the team>` with the `Limit` asked, if any. */
let reads: string[] = [];
let counters: string[] = [];

beforeEach(() => {
  useTestEnvironment();
  reads = [];
  counters = [];
  ddb.on(QueryCommand).callsFake((input: { IndexName?: string; ExpressionAttributeValues: Record<string, string>; Limit?: number }) => {
    reads.push(`${input.IndexName} ${String(input.ExpressionAttributeValues[':pk']).replace('TEAM#team-1#', '')}${input.Limit === undefined ? '' : ` limit ${input.Limit}`}`);
    return { Items: Array.from({ length: Math.min(input.Limit ?? 0, 40) }, (_unused, index) => storedTask(`${input.ExpressionAttributeValues[':pk']}-${index}`)) };
  });
  ddb.on(GetCommand).callsFake((input: { Key: { PK: string; SK: string } }) => {
    counters.push(input.Key.SK);
    return { Item: { ...input.Key, count: 40 } };
  });
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => ({ Responses: { test: input.RequestItems.test?.Keys ?? [] } }));
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

const search = (body: Record<string, unknown>) => searchTasks('team-1', searchTasksBody.parse(body));

describe('Task search: what each search reads', () => {
  it('pages the shown tasks by creation, reading offset + limit, with the total from the counter', async () => {
    const { items, total } = await search({ offset: 10, limit: 20 });
    expect({ page: items.length, total }).toEqual({ page: 20, total: 40 });
    expect(reads).toEqual(['GSI1 TASK limit 30']);
    expect(counters).toEqual(['TASK']);
  });

  it('pages by last update from GSI6', async () => {
    await search({ sort_by: 'updated_at', limit: 5 });
    expect(reads).toEqual(['GSI6 TASK limit 5']);
  });

  it('pages by due date from the dated partitions, skipping undated ones the page does not reach', async () => {
    const { items, total } = await search({ sort_by: 'due_date', is_completed: false, limit: 10 });
    expect({ page: items.length, total }).toEqual({ page: 10, total: 80 });
    expect(reads).toEqual(['GSI7 TASK#OPEN#DUE limit 10']);
    expect(counters.sort()).toEqual(['TASK#OPEN#DUE', 'TASK#OPEN#UNDATED']);
    reads = [];
    expect((await search({ sort_by: 'due_date', is_completed: false, offset: 35, limit: 10 })).items).toHaveLength(10);
    expect(reads).toEqual(['GSI7 TASK#OPEN#DUE limit 40', 'GSI7 TASK#OPEN#UNDATED limit 5']);
    reads = [];
    await search({ sort_by: 'due_date', is_completed: false, offset: 45, limit: 10 });
    expect(reads).toEqual(['GSI7 TASK#OPEN#UNDATED limit 15']);
  });

  it('merges both completion states by due date, each read up to offset + limit', async () => {
    const { items, total } = await search({ sort_by: 'due_date', offset: 5, limit: 5 });
    expect({ page: items.length, total }).toEqual({ page: 5, total: 160 });
    expect(reads.sort()).toEqual(['GSI7 TASK#DONE#DUE limit 10', 'GSI7 TASK#OPEN#DUE limit 10']);
  });

  it('serves related_to from the related record\'s partition only, whatever else is asked', async () => {
    await search({ related_to: person, related_record_type: 'person', keywords: ['call'], sort_by: 'due_date' });
    expect(reads).toEqual([`GSI2 TASK#PERSON#${person}`]);
    reads = [];
    await search({ related_to: person, related_record_type: 'job', include_left_campaign: true });
    expect(reads).toEqual([`GSI5 TASK#JOB#${person}`]);
  });

  it('reads the dated partitions of the state asked for due-date bounds', async () => {
    await search({ due_date_start: '2026-03-01', is_completed: true });
    expect(reads).toEqual(['GSI7 TASK#DONE#DUE']);
  });

  it('reads every shown task for keywords, and the hidden ones too with include_left_campaign', async () => {
    await search({ keywords: ['call'] });
    expect(reads).toEqual(['GSI1 TASK']);
    reads = [];
    await search({ keywords: ['call'], include_left_campaign: true });
    expect(reads.sort()).toEqual(['GSI1 TASK', 'GSI1 TASK#LEFT']);
  });

  it('merges a page of shown tasks with the hidden ones for include_left_campaign', async () => {
    await search({ include_left_campaign: true, offset: 5, limit: 5 });
    expect(reads.sort()).toEqual(['GSI1 TASK limit 10', 'GSI1 TASK#LEFT']);
  });
});
