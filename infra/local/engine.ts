import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../../shared/db/table';
import { startTransactionalProxy } from './transactions';

/** An in-memory DynamoDB engine on a loopback port; gone when closed. */
export interface EmbeddedEngine {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * Starts dynalite in this process (no disk, no Java, no Docker) behind the proxy that gives it
 * transactions (see `transactions.ts`); the endpoint is the proxy's.
 */
export async function startEmbeddedEngine(port = 0): Promise<EmbeddedEngine> {
  const engine = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    engine.once('error', reject);
    engine.listen(0, '127.0.0.1', () => resolve());
  });
  const proxy = await startTransactionalProxy({ port: (engine.address() as AddressInfo).port }, port);
  const close = (server: Server) => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: async () => {
      await close(proxy);
      await close(engine);
    },
  };
}

/** Creates the table from the shared definition unless it exists; true when it was created. */
export async function ensureTable(endpoint: string, tableName: string, region = 'us-east-1'): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    return true;
  } finally {
    client.destroy();
  }
}
