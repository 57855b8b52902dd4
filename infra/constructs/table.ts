import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../shared/db/table';

/**
 * The service's single DynamoDB table, built from `tableDefinition` (the same object the local
 * engine and the tests create their table from), so its keys and indexes cannot drift.
 *
 * Defaults, all deliberate for a table that holds customer data:
 * - string `PK`/`SK` and one string-keyed GSI per `tableDefinition.indexes` entry, projection ALL;
 * - on-demand billing (no capacity to size or autoscale);
 * - point-in-time recovery on, deletion protection on, removal policy RETAIN (deleting the stack
 *   leaves the table behind; delete it by hand after turning deletion protection off);
 * - encryption with the AWS-managed key (`aws/dynamodb`): the functions need no KMS permission;
 * - a stream of new images (the webhook dispatcher reads new `EVENT` items from it) and TTL on
 *   `tableDefinition.timeToLiveAttribute` (events expire with their deliveries).
 *
 * @example const table = new RecruitingTable(this, 'Table');
 */
export class RecruitingTable extends dynamodb.Table {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      // The stream hands new events to the webhook dispatcher; TTL removes expired events.
      stream: dynamodb.StreamViewType.NEW_IMAGE,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
    });
    for (const index of tableDefinition.indexes) {
      this.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
