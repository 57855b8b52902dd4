import { Duration, NestedStack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ApiFunction } from './api-function';

export interface WebhookDeliveryProps {
  /** The service's table; it must have a stream (`RecruitingTable` has one of new images). */
  table: dynamodb.ITable;
  /** The `buildFunctions` output directory, holding `webhook-dispatcher/` and `webhook-sender/`. */
  bundlesDirectory: string;
  /** Settings both functions get (`LOG_LEVEL`; values may be parent-stack parameters). */
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
}

/** The table actions each function needs (the dispatcher's also on the indexes, see below). */
export const webhookTableActions = {
  /** Reads the team, the event and the endpoints, and what rendering the payload reads; stores the payload (update) and creates deliveries (put). */
  dispatcher: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  /** Reads the event, delivery and endpoint; writes the attempt (put) with the delivery and endpoint (update). */
  sender: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
} as const;

/** How long the sender may run on one batch: attempts run concurrently, each bounded at 5 s. */
const senderTimeout = Duration.seconds(30);

/**
 * Webhook delivery, in a nested stack of its own:
 * - the dispatcher Lambda, fed by the table's stream filtered to inserts of `EVENT` items (the
 *   outbox), retried per record (batch item failures) and, after 10 retries, recorded in the
 *   dispatch dead-letter queue;
 * - the delivery queue of attempts (SQS, SQS-managed encryption, TLS only), drained by the sender
 *   Lambda with batch item failures; a message received five times without success moves to the
 *   delivery dead-letter queue (visibility timeout six times the sender's timeout, as AWS advises);
 * - least-privilege roles: exactly {@link webhookTableActions} on the table (and its indexes for the
 *   dispatcher, whose payload rendering reads them), `sqs:SendMessage` on
 *   the delivery queue (the dispatcher enqueues first attempts, the sender later ones and the rest
 *   of long waits); the event sources add stream reading and queue consuming;
 * - an alarm on each dead-letter queue as soon as one message is in it.
 *
 * @example new WebhookDelivery(this, 'WebhookDelivery', { table, bundlesDirectory, environment: { LOG_LEVEL }, logRetention });
 */
export class WebhookDelivery extends NestedStack {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly dispatchDeadLetterQueue: sqs.Queue;
  readonly dispatcher: ApiFunction;
  readonly sender: ApiFunction;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  readonly dispatchDeadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id, { description: 'Recruiting API webhook delivery: stream dispatcher, delivery queue, sender, dead-letter queues and alarms' });
    const queueDefaults = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true };
    this.deadLetterQueue = new sqs.Queue(this, 'DeliveryDeadLetterQueue', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    this.dispatchDeadLetterQueue = new sqs.Queue(this, 'DispatchDeadLetterQueue', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    this.queue = new sqs.Queue(this, 'DeliveryQueue', {
      ...queueDefaults,
      visibilityTimeout: Duration.seconds(senderTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 5 },
    });

    const environment = { ...props.environment, WEBHOOK_QUEUE_URL: this.queue.queueUrl, TABLE_NAME: props.table.tableName };
    const common = { bundlesDirectory: props.bundlesDirectory, environment, logRetention: props.logRetention };
    this.dispatcher = new ApiFunction(this, 'Dispatcher', { ...common, name: 'webhook-dispatcher', description: 'Webhook dispatcher: new events from the table stream to deliveries', timeout: Duration.seconds(60) });
    this.sender = new ApiFunction(this, 'Sender', { ...common, name: 'webhook-sender', description: 'Webhook sender: one signed POST per delivery attempt', timeout: senderTimeout });

    // Rendering a payload reads what `GET` reads, indexes included (a person's candidacies); the sender reads keys only.
    const tableResources = { dispatcher: [props.table.tableArn, `${props.table.tableArn}/index/*`], sender: [props.table.tableArn] };
    for (const [role, fn] of [['dispatcher', this.dispatcher], ['sender', this.sender]] as const) {
      fn.function.addToRolePolicy(new iam.PolicyStatement({ sid: 'TableItems', actions: [...webhookTableActions[role]], resources: tableResources[role] }));
      fn.function.addToRolePolicy(new iam.PolicyStatement({ sid: 'EnqueueAttempts', actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    }

    this.dispatcher.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 10,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.dispatchDeadLetterQueue),
        filters: [lambda.FilterCriteria.filter({ eventName: lambda.FilterRule.isEqual('INSERT'), dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual('EVENT') } } } })],
      }),
    );
    this.sender.function.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));

    const alarmOn = (id: string, queue: sqs.Queue, description: string) =>
      new cloudwatch.Alarm(this, id, {
        alarmDescription: description,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM }),
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    this.deadLetterAlarm = alarmOn('DeliveryDeadLetterAlarm', this.deadLetterQueue, 'Webhook delivery attempts failed five times without being recorded (table or queue errors, not endpoint errors): see the delivery dead-letter queue');
    this.dispatchDeadLetterAlarm = alarmOn('DispatchDeadLetterAlarm', this.dispatchDeadLetterQueue, 'New events could not be dispatched to webhook endpoints after 10 retries: see the dispatch dead-letter queue');
  }
}
