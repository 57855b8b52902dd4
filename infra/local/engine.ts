import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput } from '../../shared/db/table';

/** An in-memory DynamoDB engine on a loopback port; gone when closed. */
export interface EmbeddedEngine {
  endpoint: string;
  close(): Promise<void>;
}

/** Starts dynalite in this process (no disk, no Java, no Docker). */
export async function startEmbeddedEngine(port = 0): Promise<EmbeddedEngine> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${actualPort}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
