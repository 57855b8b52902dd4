import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { floorItemKey } from './floor-item';

/**
 * The benchmark's floor: the least a Lambda of this service can do, one `GetItem` through the
 * bundled document client. `infra/bench/cold-start.ts` bundles it with the very `bundleOptions`
 * of the function bundles, so whatever a function costs beyond this is the cost of our own code.
 */

const endpoint = process.env.DYNAMODB_ENDPOINT;
const region = process.env.AWS_REGION || 'us-east-1';

// Created once per container, like shared/db/client.ts, and with the same local settings, so the
// floor pays the same client construction and connection set-up as a function does.
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient(
    endpoint ? { endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 } : { region },
  ),
);

/** Reads {@link floorItemKey} and answers it as JSON (`null` when absent). */
export async function handler(): Promise<{ statusCode: number; body: string }> {
  const { Item: item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME || 'recruiting', Key: floorItemKey, ConsistentRead: true }));
  return { statusCode: 200, body: JSON.stringify(item ?? null) };
}
