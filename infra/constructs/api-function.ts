import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { DocumentsAccess, TableAccess } from '../../shared/http/route';

/**
 * The DynamoDB actions each table access level is granted, on the table and its indexes and
 * nothing else. `write` covers `TransactWriteItems`, which IAM authorises per contained operation
 * (Put, Update, Delete, ConditionCheck). There is deliberately no `Scan` and no `dynamodb:*`.
 */
export const tableActions = {
  none: [],
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const satisfies Record<TableAccess, readonly string[]>;

/**
 * The S3 actions each documents access level is granted, on the bucket's objects only (never the
 * bucket itself, so no listing). Signed download links act with these rights, hence `read`.
 */
export const documentsActions = {
  read: ['s3:GetObject'],
  write: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const satisfies Record<DocumentsAccess, readonly string[]>;

export interface ApiFunctionProps {
  /** The route's function name, which is also its bundle's directory name (`list-deal-statuses`). */
  name: string;
  /** The directory holding `<name>/index.mjs` (`buildFunctions` output). */
  bundlesDirectory: string;
  /** Shown in the console; the route key is a good one. */
  description?: string;
  environment?: Record<string, string>;
  /** @default 512 */
  memorySize?: number;
  /** @default 10 seconds (API Gateway gives up at 30) */
  timeout?: Duration;
  /** @default one month */
  logRetention?: logs.RetentionDays;
}

/**
 * One route's Lambda with the team's defaults:
 * - Node.js 22 on arm64, ES module bundle `<name>/index.mjs` built by `esbuild.config.mjs`,
 *   handler `index.handler` (the bundle's `meta.json` is not uploaded);
 * - 512 MB and a 10 s timeout unless told otherwise;
 * - its own log group, created by the stack with a retention (one month unless told otherwise) and
 *   removed with the stack, rather than an unbounded group Lambda would create on first log;
 * - its own role, allowed to write to that log group only (not the `AWSLambdaBasicExecutionRole`
 *   managed policy, which may create and write any log group);
 * - no table access until {@link ApiFunction.bindTable} grants exactly one level of it, and no
 *   bucket access until {@link ApiFunction.bindDocuments} does.
 *
 * @example new ApiFunction(this, 'ListDealStatuses', { name: 'list-deal-statuses', bundlesDirectory }).bindTable(table, 'read');
 */
export class ApiFunction extends Construct {
  readonly function: lambda.Function;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const bundle = join(props.bundlesDirectory, props.name);
    if (!existsSync(join(bundle, 'index.mjs'))) {
      throw new Error(`No bundle at ${join(bundle, 'index.mjs')}: run \`npm run build\` (or buildFunctions) before synthesising`);
    }
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);
    this.function = new lambda.Function(this, 'Function', {
      role,
      code: lambda.Code.fromAsset(bundle, { exclude: ['meta.json'] }),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: this.logGroup,
      ...(props.description ? { description: props.description } : {}),
      ...(props.environment ? { environment: props.environment } : {}),
    });
  }

  /**
   * Lets the function use `table` at `access` level: sets `TABLE_NAME` and grants exactly
   * {@link tableActions}`[access]` on the table and its indexes. `none` grants nothing.
   * @example fn.bindTable(table, route.table);
   */
  bindTable(table: dynamodb.ITable, access: TableAccess): this {
    if (access === 'none') return this;
    this.function.addEnvironment('TABLE_NAME', table.tableName);
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        sid: access === 'read' ? 'TableRead' : 'TableWrite',
        actions: [...tableActions[access]],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
      }),
    );
    return this;
  }

  /**
   * Lets the function use the documents bucket at `access` level: sets `DOCUMENTS_BUCKET` and
   * `DOCUMENT_LINK_TTL_SECONDS` and grants exactly {@link documentsActions}`[access]` on the bucket's
   * objects. `undefined` (a route that declares no documents access) grants and sets nothing.
   * @example fn.bindDocuments(bucket, route.documents, '300');
   */
  bindDocuments(bucket: s3.IBucket, access: DocumentsAccess | undefined, linkTtlSeconds: string): this {
    if (!access) return this;
    this.function.addEnvironment('DOCUMENTS_BUCKET', bucket.bucketName);
    this.function.addEnvironment('DOCUMENT_LINK_TTL_SECONDS', linkTtlSeconds);
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        sid: access === 'read' ? 'DocumentsRead' : 'DocumentsWrite',
        actions: [...documentsActions[access]],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    return this;
  }
}
