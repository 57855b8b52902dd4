import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env';

let client: DynamoDBDocumentClient | undefined;

/**
 * The container's document client, created on first use and reused by every invocation.
 * With `DYNAMODB_ENDPOINT` it talks to a local engine with placeholder credentials.
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
    const base = new DynamoDBClient(
      DYNAMODB_ENDPOINT
        ? { endpoint: DYNAMODB_ENDPOINT, region: AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
        : { region: AWS_REGION },
    );
    client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return client;
}

/** The table this container reads and writes. */
export function tableName(): string {
  return config().TABLE_NAME;
}

/** Drops the cached client (tests and the local server switch engines). */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
}
