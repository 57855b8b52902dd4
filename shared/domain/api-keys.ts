import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client';
import { writeAll } from '../db/repository';
import { issueApiKey } from '../auth/api-key-format';
import type { Scope } from '../auth/scopes';
import { ConflictError, NotFoundError } from '../http/errors';
import { nowIso } from './clock';

/** An API key as stored: found by its key id before the team is known, so its key is not team-prefixed. */
export interface ApiKeyRecord {
  key_id: string;
  team_id: string;
  name: string;
  scopes: Scope[];
  secret_hash: string;
  created_at: string;
  revoked_at: string | null;
}

const apiKeyKey = (keyId: string) => ({ PK: `API_KEY#${keyId}`, SK: 'API_KEY' });

/** `GetItem` of an API key by id (access pattern "Find an API key by its key id"). */
export async function getApiKeyRecord(keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: apiKeyKey(keyId), ConsistentRead: true }));
  return Item as ApiKeyRecord | undefined;
}

/** Issues a key for a team and stores only its hash; the returned `apiKey` cannot be read again. */
export async function createApiKey(teamId: string, name: string, keyScopes: Scope[]): Promise<{ keyId: string; apiKey: string }> {
  const issued = issueApiKey();
  const record: ApiKeyRecord = { key_id: issued.keyId, team_id: teamId, name, scopes: keyScopes, secret_hash: issued.secretHash, created_at: nowIso(), revoked_at: null };
  await writeAll([
    {
      conflictMessage: 'API key id collision; issue the key again',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...record, ...apiKeyKey(issued.keyId), entity: 'API_KEY' },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
  return { keyId: issued.keyId, apiKey: issued.apiKey };
}

/** Marks a key of `teamId` revoked; a key of another team is "not found". */
export async function revokeApiKey(teamId: string, keyId: string): Promise<void> {
  const record = await getApiKeyRecord(keyId);
  if (!record || record.team_id !== teamId) throw new NotFoundError('API key');
  if (record.revoked_at) throw new ConflictError('The API key is already revoked');
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: apiKeyKey(keyId),
      UpdateExpression: 'SET revoked_at = :now',
      ConditionExpression: 'team_id = :team',
      ExpressionAttributeValues: { ':now': nowIso(), ':team': teamId },
    }),
  );
}
