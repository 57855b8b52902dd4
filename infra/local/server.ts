import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRoutes, routeKey } from '../../functions/registry';
import { resetConfig } from '../../shared/config/env';
import { resetDocumentClient } from '../../shared/db/client';
import { resetObjectStore } from '../../shared/documents/object-store';
import { resetBearerAuth } from '../../shared/http/middleware/bearer-auth';
import { logger } from '../../shared/logging/logger';
import { useDeliveryQueue } from '../../shared/webhooks/delivery-queue';
import { dispatchEvent } from '../../shared/webhooks/dispatcher';
import { lambdaContext, toApiGatewayEvent } from './api-gateway-event';
import { ensureTable, startEmbeddedEngine } from './engine';
import type { EmbeddedEngine } from './engine';
import { startObjectStoreEmulator } from './object-store-emulator';
import type { ObjectStoreEmulator } from './object-store-emulator';
import { createRouter } from './router';
import { seedTeam } from './seed';
import type { SeededTeam } from './seed';
import { applyLocalJwtDefaults } from './tokens';
import { closeServer, readBody } from './http-helpers';
import { onEventWritten } from './transactions';

/** API Gateway HTTP API refuses payloads above 10 MB; so do we. */
const maxPayloadBytes = 10 * 1024 * 1024;

export interface LocalServerOptions {
  port?: number;
  host?: string;
  /** Seed a demo team (default: only when running the embedded engine). */
  seed?: boolean;
  environment?: NodeJS.ProcessEnv;
}

export interface LocalServer {
  url: string;
  dynamodbEndpoint: string;
  tableName: string;
  demo?: SeededTeam;
  close(): Promise<void>;
}

/**
 * Serves every registered route over HTTP exactly as API Gateway would invoke its Lambda: the same
 * handlers, the same route table, payload format 2.0 events. Without `DYNAMODB_ENDPOINT` it starts
 * an in-memory engine and seeds a demo team; with it, it creates the table when missing and seeds nothing.
 * Webhooks are dispatched and sent in-process for events written through the embedded engine (an
 * external `DYNAMODB_ENDPOINT` has no stream this server can follow, so it sends none).
 */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const environment = options.environment ?? process.env;
  applyLocalJwtDefaults(environment);
  environment.VALIDATE_RESPONSES ??= 'true';
  let engine: EmbeddedEngine | undefined;
  if (!environment.DYNAMODB_ENDPOINT) {
    engine = await startEmbeddedEngine();
    environment.DYNAMODB_ENDPOINT = engine.endpoint;
  }
  // Documents: without S3_ENDPOINT, an in-memory S3 emulator that checks signatures as S3 does.
  let objectStore: ObjectStoreEmulator | undefined;
  if (!environment.S3_ENDPOINT) {
    objectStore = await startObjectStoreEmulator({ bucket: environment.DOCUMENTS_BUCKET || 'recruiting-documents' });
    environment.S3_ENDPOINT = objectStore.endpoint;
    environment.DOCUMENTS_BUCKET = objectStore.bucket;
  }
  const dynamodbEndpoint = environment.DYNAMODB_ENDPOINT;
  const tableName = (environment.TABLE_NAME ||= 'recruiting');
  // Everything below reads the environment afresh: the engine endpoint was only just decided.
  resetConfig();
  resetDocumentClient();
  resetObjectStore();
  resetBearerAuth();
  await ensureTable(dynamodbEndpoint, tableName, environment.AWS_REGION || 'us-east-1');
  const demo = (options.seed ?? Boolean(engine)) ? await seedTeam() : undefined;

  // Webhooks: the engine's proxy plays the table's stream, and attempts run in-process unless a
  // queue is configured (the same dispatcher and sender as the Lambdas). Never fails a request.
  useDeliveryQueue(undefined);
  const stopDispatching = onEventWritten((teamId, eventId) => {
    dispatchEvent(teamId, eventId).catch((error: unknown) => logger.error('webhook dispatch failed', { error, team_id: teamId, event_id: eventId }));
  });

  const match = createRouter(await loadRoutes());
  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      logger.error('local server failed to serve a request', { error });
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, error: { code: 'INTERNAL_ERROR', message: 'An internal error occurred', request_id: 'local' } }));
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request, maxPayloadBytes);
    if (body === undefined) {
      response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Request Entity Too Large' }));
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const found = match(request.method ?? 'GET', url.pathname);
    if (!found) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const event = toApiGatewayEvent(request, body, { routeKey: routeKey(found.registered.route), pathParameters: found.pathParameters });
    const result = await found.registered.handler(event, lambdaContext(found.registered.name));
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    response.writeHead(result.statusCode ?? 200, headers);
    response.end(result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  environment.BASE_URL ||= url;
  resetConfig();

  return {
    url,
    dynamodbEndpoint,
    tableName,
    ...(demo ? { demo } : {}),
    close: async () => {
      stopDispatching();
      useDeliveryQueue(undefined);
      await closeServer(server);
      await engine?.close();
      if (objectStore) {
        await objectStore.close();
        // The next server of this process starts its own store.
        if (environment.S3_ENDPOINT === objectStore.endpoint) delete environment.S3_ENDPOINT;
      }
    },
  };
}

