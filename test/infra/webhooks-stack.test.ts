import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunctionBundles } from '../../infra/constructs/bundles';
import { webhookTableActions } from '../../infra/constructs/webhook-delivery';
import { RecruitingApiStack } from '../../infra/stack';

type Json = Record<string, any>;

const repositoryRoot = join(import.meta.dirname, '..', '..');
const cdkContext = (JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

let workDirectory: string;
let stack: RecruitingApiStack;
let parent: Template;
let nested: Template;
let nestedResources: Record<string, Json>;
/** What the parent passes each of the nested stack's parameters. */
let fromParent: Record<string, Json>;

const logicalId = (element: unknown) => Stack.of(element as IConstruct).getLogicalId(element as CfnElement);

/** The statements of the policies attached to one function's role. */
function roleStatements(fn: { function: { role?: IConstruct | undefined } }): Json[] {
  const roleId = logicalId((fn.function.role as IConstruct).node.defaultChild);
  return Object.values(nestedResources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && asArray<Json>(resource.Properties.Roles).some((role) => role.Ref === roleId))
    .flatMap((policy) => asArray<Json>(policy.Properties.PolicyDocument.Statement));
}

/** The parent's expression behind a `{Ref: <parameter>}` of the nested stack. */
const parentValue = (value: Json) => (value.Ref && value.Ref in fromParent ? fromParent[value.Ref] : value);

// Synthesised once, without routes (their bundles take minutes to build and are covered by
// stack.test.ts): the table, the webhook delivery nested stack and the outputs are the same.
beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'recruiting-webhooks-infra-'));
  const bundlesDirectory = join(workDirectory, 'bundles');
  await mkdir(bundlesDirectory);
  await buildFunctionBundles({ outdir: bundlesDirectory, only: ['webhook-dispatcher', 'webhook-sender'] });
  const app = new App({ outdir: join(workDirectory, 'cdk.out'), context: cdkContext });
  stack = new RecruitingApiStack(app, 'RecruitingApi', { routes: [], bundlesDirectory });
  parent = Template.fromStack(stack);
  nested = Template.fromStack(stack.webhooks);
  nestedResources = nested.toJSON().Resources as Record<string, Json>;
  const nestedStackResource = (parent.toJSON().Resources as Record<string, Json>)[stack.getLogicalId(stack.webhooks.nestedStackResource as CfnElement)]!;
  fromParent = (nestedStackResource.Properties.Parameters ?? {}) as Record<string, Json>;
}, 300_000);

afterAll(async () => {
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

describe('Infrastructure: webhook delivery', () => {
  it('gives the table a stream of new images and TTL on expires_at', () => {
    parent.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('feeds the dispatcher from the stream, filtered to inserts of EVENT items, with per-record failures and a dead-letter queue', () => {
    const mappings = Object.values(nested.findResources('AWS::Lambda::EventSourceMapping')).filter((mapping) => mapping.Properties.StartingPosition);
    expect(mappings).toHaveLength(1);
    const { Properties } = mappings[0]!;
    expect(Properties.FunctionName.Ref).toBe(logicalId(stack.webhooks.dispatcher.function.node.defaultChild));
    expect(parentValue(Properties.EventSourceArn)).toEqual({ 'Fn::GetAtt': [logicalId(stack.table.node.defaultChild), 'StreamArn'] });
    expect(Properties).toMatchObject({ StartingPosition: 'TRIM_HORIZON', FunctionResponseTypes: ['ReportBatchItemFailures'], BisectBatchOnFunctionError: true, MaximumRetryAttempts: 10 });
    expect(Properties.FilterCriteria.Filters.map((filter: Json) => JSON.parse(filter.Pattern))).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['EVENT'] } } } }]);
    expect(Properties.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [logicalId(stack.webhooks.dispatchDeadLetterQueue.node.defaultChild), 'Arn'] });
  });

  it('drains the delivery queue with the sender, reporting batch item failures; five receipts lead to the dead-letter queue', () => {
    const queueId = logicalId(stack.webhooks.queue.node.defaultChild);
    const queue = nestedResources[queueId]!;
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.webhooks.deadLetterQueue.node.defaultChild), 'Arn'] }, maxReceiveCount: 5 });
    const sender = nestedResources[logicalId(stack.webhooks.sender.function.node.defaultChild)]!;
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * sender.Properties.Timeout);
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    nested.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: logicalId(stack.webhooks.sender.function.node.defaultChild) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    for (const fn of [stack.webhooks.dispatcher, stack.webhooks.sender]) {
      const { Properties } = nestedResources[logicalId(fn.function.node.defaultChild)]!;
      expect(Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(Properties.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: queueId });
      expect(parentValue(Properties.Environment.Variables.TABLE_NAME)).toEqual({ Ref: logicalId(stack.table.node.defaultChild) });
    }
  });

  it('alarms as soon as one message is in either dead-letter queue', () => {
    for (const queue of [stack.webhooks.deadLetterQueue, stack.webhooks.dispatchDeadLetterQueue]) {
      nested.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(queue.node.defaultChild), 'QueueName'] } }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
    }
    expect(Object.keys(parent.toJSON().Outputs)).toEqual(expect.arrayContaining(['WebhookQueueUrl', 'WebhookDeadLetterQueueUrl', 'WebhookDispatchDeadLetterQueueUrl', 'WebhookDeadLetterAlarmNames']));
  });

  it('grants each function exactly its table actions and sqs:SendMessage on the delivery queue, with no wildcard action', () => {
    const tableArn = { 'Fn::GetAtt': [logicalId(stack.table.node.defaultChild), 'Arn'] };
    const queueArn = { 'Fn::GetAtt': [logicalId(stack.webhooks.queue.node.defaultChild), 'Arn'] };
    for (const [role, fn] of [['dispatcher', stack.webhooks.dispatcher], ['sender', stack.webhooks.sender]] as const) {
      const statements = roleStatements(fn);
      for (const statement of statements) for (const action of asArray<string>(statement.Action)) expect(action).not.toMatch(/\*/);
      const tableStatements = statements.filter((statement) => asArray<string>(statement.Action).some((action) => ['dynamodb:GetItem', 'dynamodb:PutItem'].includes(action)));
      expect(tableStatements, role).toHaveLength(1);
      expect(asArray<string>(tableStatements[0]!.Action).sort(), role).toEqual([...webhookTableActions[role]].sort());
      const resources = asArray<Json>(tableStatements[0]!.Resource).map(parentValue);
      expect(resources, role).toContainEqual(tableArn);
      expect(resources, role).toHaveLength(role === 'dispatcher' ? 2 : 1);
      const send = statements.filter((statement) => asArray<string>(statement.Action).includes('sqs:SendMessage') && JSON.stringify(statement.Resource) === JSON.stringify(queueArn));
      expect(send, role).toHaveLength(1);
      // Only what the event sources need beyond that: stream reading (ListStreams has no resource
      // level) for the dispatcher, consuming the queue for the sender, and the dispatcher's failure queue.
      const wildcards = statements.filter((statement) => asArray(statement.Resource).includes('*'));
      expect(wildcards.flatMap((statement) => asArray<string>(statement.Action)), role).toEqual(role === 'dispatcher' ? ['dynamodb:ListStreams'] : []);
      expect(statements.flatMap((statement) => asArray<string>(statement.Action)).filter((action) => action.startsWith('dynamodb:') && !webhookTableActions[role].includes(action as never)).sort(), role).toEqual(
        role === 'dispatcher' ? ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'] : [],
      );
    }
  });
});
