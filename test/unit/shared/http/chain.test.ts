import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  ResourceNotFoundException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forTeam } from '../../../../shared/db/repository';
import { createHandler } from '../../../../shared/http/chain';
import { ApiError, ConflictError, ForbiddenError, NotFoundError } from '../../../../shared/http/errors';
import { createPublicHandler } from '../../../../shared/http/public-chain';
import { defineRoute } from '../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../support/api-gateway-events';
import { bearer, signToken } from '../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const secretTableName = 'recruiting-prod-secret-table';

const readRoute = defineRoute({ method: 'GET', path: '/v1/things/one', tag: 'Test', summary: 'Read a thing', table: 'read' });
const writeRoute = defineRoute({ method: 'POST', path: '/v1/things', tag: 'Test', summary: 'Write things', table: 'write', successStatus: 201 });

/** Reads one item of the caller's team. */
const read = createHandler(readRoute, async ({ principal }) => (await forTeam(principal.teamId).get({ pk: 'THING', sk: 'ID#1' })) ?? null);

/** Creates a thing and its name guard together, as configuration lists do. */
const writeTwo = createHandler(writeRoute, async ({ principal }) => {
  const table = forTeam(principal.teamId);
  await table.write([
    table.create({ pk: 'THING', sk: 'ID#1' }, { name: 'One' }, { entity: 'THING', conflictMessage: 'A thing with id 1 already exists' }),
    table.create({ pk: 'THING', sk: 'NAME#one' }, { address: '1' }, { entity: 'THING_NAME', conflictMessage: 'A thing named "One" already exists' }),
  ]);
  return { id: '1' };
});

/** Creates one thing: a single conditional Put. */
const writeOne = createHandler(writeRoute, async ({ principal }) => {
  const table = forTeam(principal.teamId);
  await table.write([table.create({ pk: 'THING', sk: 'ID#1' }, { name: 'One' }, { entity: 'THING', conflictMessage: 'A thing with id 1 already exists' })]);
  return { id: '1' };
});

let thrown: unknown;
const throwing = createHandler(readRoute, async () => {
  throw thrown;
});

let token = '';
const call = async (handler: typeof read) => parseResponse(await handler(httpEvent({ headers: bearer(token) }), lambdaContext()));

const unavailable = {
  statusCode: 503,
  headers: jsonHeaders('req-test-0001', { 'retry-after': '1' }),
  body: errorEnvelope('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly'),
};
const conflict = (message: string) => ({ statusCode: 409, headers: jsonHeaders(), body: errorEnvelope('CONFLICT', message) });

const metadata = { httpStatusCode: 400, requestId: 'DDB-REQ', attempts: 1, totalRetryDelay: 0 };

beforeEach(async () => {
  useTestEnvironment({ TABLE_NAME: secretTableName });
  token = await signToken({ team_id: 'team-1' });
  thrown = undefined;
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Chain: createHandler', () => {
  it('runs the work and wraps its data', async () => {
    ddb.on(GetCommand).resolves({ Item: { PK: 'TEAM#team-1#THING', SK: 'ID#1', team_id: 'team-1', entity: 'THING', name: 'One', version: 3 } });
    expect(await call(read)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { name: 'One', version: 3, entity: 'THING' } } });
  });

  it('refuses to build a public route (auth: none)', () => {
    const route = defineRoute({ method: 'GET', path: '/open', tag: 'Test', summary: 'Open', table: 'none', auth: 'none' });
    expect(() => createHandler(route, async () => null)).toThrow('GET /open is public: build it with createPublicHandler');
  });

  it('refuses to build an authenticated route with createPublicHandler', () => {
    expect(() => createPublicHandler(readRoute, async () => null)).toThrow('GET /v1/things/one needs a credential: build it with createHandler');
  });

  it('serves a public route without a credential, with a raw body and its content type', async () => {
    const route = defineRoute({ method: 'GET', path: '/docs', tag: 'Test', summary: 'Docs', table: 'none', auth: 'none', envelope: 'raw', contentType: 'text/html; charset=utf-8' });
    const principals: unknown[] = [];
    const handler = createPublicHandler(route, async ({ principal }) => {
      principals.push(principal);
      return '<!doctype html><title>Docs</title>';
    });
    const response = await handler(httpEvent({ path: '/docs' }), lambdaContext());
    expect(response).toEqual({ statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-request-id': 'req-test-0001' }, body: '<!doctype html><title>Docs</title>' });
    expect(principals).toEqual([undefined]);
  });
});

describe('Chain: error mapping', () => {
  describe('500 INTERNAL_ERROR', () => {
    it('hides the message and stack of an unexpected exception', async () => {
      const error = new TypeError(`Cannot read properties of undefined (reading 'stage_order') in table ${secretTableName}`);
      thrown = error;
      const response = await throwing(httpEvent({ headers: bearer(token) }), lambdaContext());
      expect(parseResponse(response)).toEqual({ statusCode: 500, headers: jsonHeaders(), body: errorEnvelope('INTERNAL_ERROR', 'An internal error occurred') });
      expect(response.body).not.toContain('stage_order');
      expect(response.body).not.toContain('TypeError');
      expect(response.body).not.toContain(secretTableName);
      expect(response.body).not.toContain((error.stack ?? '').split('\n')[1]?.trim() ?? 'no stack');
      expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
    });

    it('hides a DynamoDB error that names the table', async () => {
      ddb.on(GetCommand).rejects(new ResourceNotFoundException({ message: `Requested resource not found: Table: ${secretTableName} not found`, $metadata: metadata }));
      const response = await read(httpEvent({ headers: bearer(token) }), lambdaContext());
      expect(parseResponse(response)).toEqual({ statusCode: 500, headers: jsonHeaders(), body: errorEnvelope('INTERNAL_ERROR', 'An internal error occurred') });
      expect(response.body).not.toContain(secretTableName);
      expect(response.body).not.toContain('ResourceNotFound');
    });

    it('answers 500 for a thrown value that is not an Error', async () => {
      thrown = 'a string';
      expect(await call(throwing)).toEqual({ statusCode: 500, headers: jsonHeaders(), body: errorEnvelope('INTERNAL_ERROR', 'An internal error occurred') });
    });
  });

  describe('503 SERVICE_UNAVAILABLE', () => {
    it('answers 503 with retry-after when DynamoDB reports ProvisionedThroughputExceededException', async () => {
      ddb.on(GetCommand).rejects(new ProvisionedThroughputExceededException({ message: `Throughput exceeds the capacity of ${secretTableName}`, $metadata: metadata }));
      const response = await read(httpEvent({ headers: bearer(token) }), lambdaContext());
      expect(parseResponse(response)).toEqual(unavailable);
      expect(response.body).not.toContain(secretTableName);
    });

    it('answers 503 with retry-after when DynamoDB reports ThrottlingException', async () => {
      ddb.on(GetCommand).rejects(Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), { name: 'ThrottlingException' }));
      expect(await call(read)).toEqual(unavailable);
    });

    it('answers 503 with retry-after when the connection is refused (ECONNREFUSED)', async () => {
      ddb.on(GetCommand).rejects(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }));
      expect(await call(read)).toEqual(unavailable);
    });

    it('answers 503 when the unreachable socket is the cause of the SDK error', async () => {
      const socketError = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      ddb.on(GetCommand).rejects(new Error('Request failed', { cause: socketError }));
      expect(await call(read)).toEqual(unavailable);
    });

    it('answers 503 when a transactional write is throttled outright', async () => {
      ddb.on(TransactWriteCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Throughput exceeded', $metadata: metadata }));
      expect(await call(writeTwo)).toEqual(unavailable);
    });

    // DynamoDB reports a throttled transaction item as a cancellation reason, not as an error name.
    it('answers 503 when a transaction is cancelled because one of its items was throttled', async () => {
      ddb.on(TransactWriteCommand).rejects(
        new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ThrottlingError]',
          $metadata: metadata,
          CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError', Message: 'Throughput exceeds the current capacity of your table or index.' }],
        }),
      );
      expect(await call(writeTwo)).toEqual(unavailable);
    });
  });

  describe('409 CONFLICT', () => {
    it('answers 409 with the message of the write whose condition failed in a transaction', async () => {
      ddb.on(TransactWriteCommand).rejects(
        new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
          $metadata: metadata,
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }],
        }),
      );
      const response = await writeTwo(httpEvent({ method: 'POST', path: '/v1/things', headers: bearer(token) }), lambdaContext());
      expect(parseResponse(response)).toEqual(conflict('A thing named "One" already exists'));
      expect(response.body).not.toContain('cancellation reasons');
      const [transaction] = ddb.commandCalls(TransactWriteCommand);
      expect(transaction?.args[0].input.TransactItems?.map((item) => item.Put?.Item?.PK)).toEqual(['TEAM#team-1#THING', 'TEAM#team-1#THING']);
    });

    it('answers 409 with the write message when a single conditional write fails', async () => {
      ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: metadata }));
      expect(await call(writeOne)).toEqual(conflict('A thing with id 1 already exists'));
      expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });

    it('answers 409 asking for a retry when another transaction held the same items', async () => {
      ddb.on(TransactWriteCommand).rejects(new TransactionConflictException({ message: 'Transaction is ongoing for the item', $metadata: metadata }));
      expect(await call(writeTwo)).toEqual(conflict('Another change to the same records was in progress; retry the request'));
    });

    it('answers 409 for a cancellation reason TransactionConflict', async () => {
      ddb.on(TransactWriteCommand).rejects(
        new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: metadata, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] }),
      );
      expect(await call(writeTwo)).toEqual(conflict('Another change to the same records was in progress; retry the request'));
    });

    it('answers 409 for a ConflictError thrown by the work', async () => {
      thrown = new ConflictError('The default deal status cannot be deleted');
      expect(await call(throwing)).toEqual(conflict('The default deal status cannot be deleted'));
    });
  });

  describe('other API errors', () => {
    it('answers 404 NOT_FOUND for a NotFoundError', async () => {
      thrown = new NotFoundError('Deal status');
      expect(await call(throwing)).toEqual({ statusCode: 404, headers: jsonHeaders(), body: errorEnvelope('NOT_FOUND', 'Deal status not found') });
    });

    it('answers 403 FORBIDDEN for a ForbiddenError', async () => {
      thrown = new ForbiddenError('The team plan does not include webhooks');
      expect(await call(throwing)).toEqual({ statusCode: 403, headers: jsonHeaders(), body: errorEnvelope('FORBIDDEN', 'The team plan does not include webhooks') });
    });

    it('keeps the extra headers of an ApiError (429 with retry-after)', async () => {
      thrown = new ApiError(429, 'RATE_LIMITED', 'Too many requests', undefined, { headers: { 'retry-after': '30' } });
      expect(await call(throwing)).toEqual({ statusCode: 429, headers: jsonHeaders('req-test-0001', { 'retry-after': '30' }), body: errorEnvelope('RATE_LIMITED', 'Too many requests') });
    });
  });
});
