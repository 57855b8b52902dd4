import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * dynalite, the embedded engine, implements every DynamoDB operation we use except the two
 * transactional ones. This proxy sits in front of it and adds `TransactWriteItems` and
 * `TransactGetItems` with DynamoDB's semantics as far as a client can observe them:
 *
 * - all-or-nothing: each write's pre-image is read first; if any write's condition fails, every
 *   write already applied is undone, and the answer is `TransactionCanceledException` with one
 *   `CancellationReasons` entry per item (`None` or `ConditionalCheckFailed`, like DynamoDB);
 * - isolation: every request through the proxy runs under one lock, so no other read or write
 *   interleaves with a transaction (the engine is in-process and single-threaded anyway);
 * - validation: 1 to 100 items, one operation per item, exactly one action per entry.
 *
 * Every other request is forwarded to dynalite untouched. The proxy also plays the table's stream for
 * the webhook dispatcher: see {@link onEventWritten}.
 */

type AttributeMap = Record<string, unknown>;
type Call = (action: string, payload: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

interface TransactionEntry {
  Put?: { TableName: string; Item: AttributeMap; ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: AttributeMap; ReturnValuesOnConditionCheckFailure?: string };
  Update?: { TableName: string; Key: AttributeMap; UpdateExpression: string; ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: AttributeMap; ReturnValuesOnConditionCheckFailure?: string };
  Delete?: { TableName: string; Key: AttributeMap; ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: AttributeMap; ReturnValuesOnConditionCheckFailure?: string };
  ConditionCheck?: { TableName: string; Key: AttributeMap; ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: AttributeMap; ReturnValuesOnConditionCheckFailure?: string };
}

const targetPrefix = 'DynamoDB_20120810.';

/** Told of each event item (entity `EVENT`) a successful write put: the team and the event id. */
export type EventWrittenListener = (teamId: string, eventId: string) => void;

const eventListeners = new Set<EventWrittenListener>();

/**
 * The local stand-in for the table's stream (dynalite has none): `listener` hears of every event
 * item put by a successful `PutItem` or `TransactWriteItems`, after the answer has gone out, as the
 * webhook dispatcher Lambda hears of them in AWS. Answers the function that stops listening.
 * @example const stop = onEventWritten((teamId, eventId) => void dispatchEvent(teamId, eventId));
 */
export function onEventWritten(listener: EventWrittenListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** The events a successful write request put, as `[teamId, eventId]` pairs. */
function eventsPut(action: string, body: Buffer): [string, string][] {
  if (!eventListeners.size || (action !== 'PutItem' && action !== 'TransactWriteItems')) return [];
  let payload: { Item?: AttributeMap; TransactItems?: TransactionEntry[] };
  try {
    payload = JSON.parse(body.toString('utf8')) as typeof payload;
  } catch {
    return [];
  }
  const items = action === 'PutItem' ? [payload.Item] : (payload.TransactItems ?? []).map((entry) => entry.Put?.Item);
  const events: [string, string][] = [];
  for (const item of items) {
    const attribute = (name: string) => (item?.[name] as { S?: string } | undefined)?.S;
    const [entity, teamId, eventId] = [attribute('entity'), attribute('team_id'), attribute('id')];
    if (entity === 'EVENT' && teamId && eventId) events.push([teamId, eventId]);
  }
  return events;
}

function announce(events: [string, string][]): void {
  for (const [teamId, eventId] of events) {
    for (const listener of eventListeners) {
      try {
        listener(teamId, eventId);
      } catch {
        // A listener's failure is its own (the server's listener logs); the write has succeeded.
      }
    }
  }
}
const conditionCheckAttribute = '__transaction_condition_check__';

class DynamoError extends Error {
  constructor(readonly type: string, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
  body() {
    return { __type: `com.amazonaws.dynamodb.v20120810#${this.type}`, message: this.message, ...this.extra };
  }
}

/** Serialises work: each task starts when the previous one has finished. */
function createLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function forward(target: { port: number }, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: target.port, method, path, headers: { ...headers, 'content-length': String(body.length) } }, (response) => {
      readBody(response).then((responseBody) => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: responseBody }), reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Starts the proxy on `port` (0: any free port) in front of dynalite listening on `target.port`. */
export async function startTransactionalProxy(target: { port: number }, port = 0): Promise<Server> {
  const withLock = createLock();
  const keyAttributesByTable = new Map<string, string[]>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const action = String(request.headers['x-amz-target'] ?? '').replace(targetPrefix, '');
      const result = await withLock(async () => {
        if (action !== 'TransactWriteItems' && action !== 'TransactGetItems') {
          return forward(target, request.method ?? 'POST', request.url ?? '/', request.headers, body);
        }
        const call: Call = async (subAction, payload) => {
          const answer = await forward(target, 'POST', '/', { ...request.headers, 'x-amz-target': `${targetPrefix}${subAction}` }, Buffer.from(JSON.stringify(payload)));
          return { status: answer.status, body: JSON.parse(answer.body.toString('utf8') || '{}') as Record<string, unknown> };
        };
        try {
          const payload = JSON.parse(body.toString('utf8')) as { TransactItems?: unknown[] };
          const answer = action === 'TransactWriteItems' ? await transactWrite(call, payload.TransactItems as TransactionEntry[], keyAttributesByTable) : await transactGet(call, payload.TransactItems as { Get: Record<string, unknown> }[]);
          return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from(JSON.stringify(answer)) };
        } catch (error) {
          const failure = error instanceof DynamoError ? error : new DynamoError('InternalServerError', (error as Error).message);
          return { status: failure.type === 'InternalServerError' ? 500 : 400, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from(JSON.stringify(failure.body())) };
        }
      });
      const headers = { ...result.headers, 'content-length': String(result.body.length) };
      delete headers['transfer-encoding'];
      response.writeHead(result.status, headers).end(result.body);
      if (result.status === 200) {
        const events = eventsPut(action, body);
        if (events.length) setImmediate(() => announce(events));
      }
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(new DynamoError('InternalServerError', String(error)).body()));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

async function keyAttributes(call: Call, table: string, cache: Map<string, string[]>): Promise<string[]> {
  let names = cache.get(table);
  if (!names) {
    const described = await call('DescribeTable', { TableName: table });
    if (described.status !== 200) throw new DynamoError('ResourceNotFoundException', `Requested resource not found: Table: ${table} not found`);
    const schema = (described.body.Table as { KeySchema: { AttributeName: string }[] }).KeySchema;
    names = schema.map((element) => element.AttributeName);
    cache.set(table, names);
  }
  return names;
}

function pick(item: AttributeMap, names: string[]): AttributeMap {
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}

function throwIfFailed(answer: { status: number; body: Record<string, unknown> }): void {
  if (answer.status === 200) return;
  const type = String(answer.body.__type ?? '').split('#').pop() ?? 'InternalServerError';
  throw new DynamoError(type, String(answer.body.message ?? answer.body.Message ?? type));
}

async function transactWrite(call: Call, entries: TransactionEntry[] | undefined, keyCache: Map<string, string[]>): Promise<Record<string, never>> {
  if (!Array.isArray(entries) || entries.length < 1 || entries.length > 100) {
    throw new DynamoError('ValidationException', 'Member must have length less than or equal to 100 and greater than or equal to 1: TransactItems');
  }
  // Resolve each entry's table, key and action, and refuse two operations on one item.
  const operations = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const actions = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter((name) => entry[name]);
    if (actions.length !== 1) throw new DynamoError('ValidationException', 'TransactItems can only contain one of Check, Put, Update or Delete');
    const action = actions[0] as keyof TransactionEntry;
    const request = entry[action] as NonNullable<TransactionEntry['Put']> & NonNullable<TransactionEntry['Update']>;
    const names = await keyAttributes(call, request.TableName, keyCache);
    const key = action === 'Put' ? pick(request.Item, names) : request.Key;
    const identity = `${request.TableName}|${JSON.stringify(pick(key, names))}`;
    if (seen.has(identity)) throw new DynamoError('ValidationException', 'Transaction request cannot include multiple operations on one item');
    seen.add(identity);
    operations.push({ action, request, key });
  }

  const applied: { action: keyof TransactionEntry; table: string; key: AttributeMap; before: AttributeMap | undefined }[] = [];
  const reasons: Record<string, unknown>[] = [];
  let failed = false;
  let otherError: DynamoError | undefined;
  for (const { action, request, key } of operations) {
    const before = (await call('GetItem', { TableName: request.TableName, Key: key, ConsistentRead: true })).body.Item as AttributeMap | undefined;
    const condition = { ConditionExpression: request.ConditionExpression, ExpressionAttributeNames: request.ExpressionAttributeNames, ExpressionAttributeValues: request.ExpressionAttributeValues };
    let answer;
    if (action === 'Put') answer = await call('PutItem', { TableName: request.TableName, Item: request.Item, ...condition });
    else if (action === 'Update') answer = await call('UpdateItem', { TableName: request.TableName, Key: key, UpdateExpression: request.UpdateExpression, ...condition });
    else if (action === 'Delete') answer = await call('DeleteItem', { TableName: request.TableName, Key: key, ...condition });
    else {
      // A condition check is an update that removes an attribute no item has, undone below.
      answer = await call('UpdateItem', {
        TableName: request.TableName,
        Key: key,
        UpdateExpression: 'REMOVE #transactionCheck',
        ...condition,
        ExpressionAttributeNames: { ...request.ExpressionAttributeNames, '#transactionCheck': conditionCheckAttribute },
      });
    }
    const errorType = String(answer.body.__type ?? '').split('#').pop();
    if (answer.status === 200) {
      applied.push({ action, table: request.TableName, key, before });
      reasons.push({ Code: 'None' });
    } else if (errorType === 'ConditionalCheckFailedException') {
      failed = true;
      reasons.push({ Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', ...(request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && before ? { Item: before } : {}) });
    } else {
      otherError = new DynamoError(errorType ?? 'ValidationException', String(answer.body.message ?? answer.body.Message ?? 'Invalid transaction item'));
      break;
    }
  }

  // Undo in reverse order: every write when the transaction fails; only the condition checks'
  // side effect (an item created for a check on a missing key) when it succeeds.
  const cancelled = failed || otherError !== undefined;
  for (const write of applied.reverse()) {
    if (!cancelled && write.action !== 'ConditionCheck') continue;
    if (write.before) throwIfFailed(await call('PutItem', { TableName: write.table, Item: write.before }));
    else throwIfFailed(await call('DeleteItem', { TableName: write.table, Key: write.key }));
  }
  if (otherError) throw otherError;
  if (failed) {
    throw new DynamoError('TransactionCanceledException', `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`, {
      CancellationReasons: [...reasons, ...operations.slice(reasons.length).map(() => ({ Code: 'None' }))],
    });
  }
  return {};
}

async function transactGet(call: Call, entries: { Get: Record<string, unknown> }[] | undefined): Promise<{ Responses: Record<string, unknown>[] }> {
  if (!Array.isArray(entries) || entries.length < 1 || entries.length > 100) {
    throw new DynamoError('ValidationException', 'Member must have length less than or equal to 100 and greater than or equal to 1: TransactItems');
  }
  const responses = [];
  for (const entry of entries) {
    const answer = await call('GetItem', { ...entry.Get, ConsistentRead: true });
    throwIfFailed(answer);
    responses.push(answer.body.Item ? { Item: answer.body.Item } : {});
  }
  return { Responses: responses };
}
