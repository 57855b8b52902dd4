import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRouteFiles, loadRoutes, routeKey } from '../../functions/registry';
import type { RegisteredRoute } from '../../functions/registry';
import { createTableInput } from '../../shared/db/table';
import { ApiFunction, documentsActions, tableActions } from '../../infra/constructs/api-function';
import { buildFunctionBundles } from '../../infra/constructs/bundles';
import { RecruitingApiStack } from '../../infra/stack';

type Json = Record<string, any>;

/** The access each level must grant, written out so that widening `tableActions` fails here. */
const expectedActions = {
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
};

/** The S3 actions each documents access level must grant, written out like {@link expectedActions}. */
const expectedDocumentsActions = {
  read: ['s3:GetObject'],
  write: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

const repositoryRoot = join(import.meta.dirname, '..', '..');
/** The feature flags `cdk synth` runs with, so the tests see the template the CLI produces. */
const cdkContext = (JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

let workDirectory: string;
let bundlesDirectory: string;
let routes: RegisteredRoute[];
let stack: RecruitingApiStack;
let template: Template;
let resources: Record<string, Json>;
let assemblyDirectory: string;

/** A synthesised template: the parent stack's, or a route group's with its parameters' values in the parent. */
interface StackTemplate {
  stack: Stack;
  template: Template;
  resources: Record<string, Json>;
  /** Nested-stack parameter name → the parent's expression passed to it (empty for the parent). */
  fromParent: Record<string, Json>;
}
let templates: StackTemplate[];

function synthesise(stackRoutes: RegisteredRoute[], outdir: string) {
  const app = new App({ outdir, context: cdkContext });
  const built = new RecruitingApiStack(app, 'RecruitingApi', { routes: stackRoutes, bundlesDirectory });
  return { app, stack: built };
}

const logicalId = (element: unknown) => Stack.of(element as IConstruct).getLogicalId(element as CfnElement);
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function templateOf(element: IConstruct): StackTemplate {
  const found = templates.find((candidate) => candidate.stack === Stack.of(element));
  if (!found) throw new Error(`No template for ${element.node.path}`);
  return found;
}

/**
 * `value` with every reference to a nested-stack parameter replaced by what the parent passes it,
 * so a group's resources read as if they were in the parent (`{Ref: 'JwtIssuer'}`, the table's ARN).
 */
function inParent(owner: StackTemplate, value: unknown): any {
  if (Array.isArray(value)) return value.map((item) => inParent(owner, item));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json);
  if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && entries[0]![1] in owner.fromParent) return owner.fromParent[entries[0]![1]];
  return Object.fromEntries(entries.map(([key, item]) => [key, inParent(owner, item)]));
}

/** Every resource of every template, with parameter references resolved to the parent's values. */
function everyResource(): Json[] {
  return templates.flatMap((owner) => Object.values(owner.resources).map((resource) => inParent(owner, resource)));
}

/** Every statement of every identity policy in every template: inline role policies, policies, managed policies. */
function allStatements(): Json[] {
  const statements: Json[] = [];
  for (const resource of everyResource()) {
    const properties = resource.Properties ?? {};
    if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') statements.push(...asArray(properties.PolicyDocument?.Statement));
    if (resource.Type === 'AWS::IAM::Role') for (const policy of asArray<Json>(properties.Policies)) statements.push(...asArray(policy.PolicyDocument?.Statement));
  }
  return statements;
}

function routeFunction(name: string) {
  const fn = stack.functions.get(name);
  if (!fn) throw new Error(`No function for ${name}`);
  return fn;
}

/** The statements of the policies attached to a route's function role. */
function roleStatements(name: string): Json[] {
  const fn = routeFunction(name);
  const owner = templateOf(fn.function);
  const roleId = logicalId(fn.function.role!.node.defaultChild);
  return Object.values(owner.resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && asArray<Json>(resource.Properties.Roles).some((role) => role.Ref === roleId))
    .flatMap((policy) => asArray<Json>(inParent(owner, policy.Properties.PolicyDocument.Statement)));
}

const isDynamoDbStatement = (statement: Json) => asArray<string>(statement.Action).some((action) => action.startsWith('dynamodb:'));
const isS3Statement = (statement: Json) => asArray<string>(statement.Action).some((action) => action.startsWith('s3:'));

/** A route's function resource, in the parent's terms. */
function functionResource(name: string): Json {
  const fn = routeFunction(name);
  const owner = templateOf(fn.function);
  return inParent(owner, owner.resources[logicalId(fn.function.node.defaultChild)]);
}

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'recruiting-infra-'));
  bundlesDirectory = join(workDirectory, 'bundles');
  await buildFunctionBundles({ outdir: bundlesDirectory });
  routes = await loadRoutes();
  const synthesised = synthesise(routes, join(workDirectory, 'cdk.out'));
  stack = synthesised.stack;
  assemblyDirectory = synthesised.app.synth().directory;
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Json>;
  templates = [
    { stack, template, resources, fromParent: {} },
    ...stack.routeGroups.map((group) => {
      const groupTemplate = Template.fromStack(group);
      const stackResource = resources[stack.getLogicalId(group.nestedStackResource as CfnElement)]!;
      return { stack: group, template: groupTemplate, resources: groupTemplate.toJSON().Resources as Record<string, Json>, fromParent: (stackResource.Properties.Parameters ?? {}) as Record<string, Json> };
    }),
  ];
}, 300_000);

afterAll(async () => {
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

describe('Infrastructure: RecruitingApiStack', () => {
  it('creates one arm64 Node.js 22 function per registry route with handler index.handler', () => {
    expect(everyResource().filter((resource) => resource.Type === 'AWS::Lambda::Function')).toHaveLength(listRouteFiles().length);
    expect(stack.functions.size).toBe(listRouteFiles().length);
    for (const { name, route } of routes) {
      const { Properties } = functionResource(name);
      expect(Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', MemorySize: 512, Timeout: 10, Description: routeKey(route) });
    }
  });

  it("keeps every stack far below CloudFormation's 500 resources: one nested stack per OpenAPI tag holds its routes", () => {
    const tags = new Set(routes.map(({ route }) => route.tag));
    expect(stack.routeGroups).toHaveLength(tags.size);
    // One per tag, plus webhook delivery's own (see webhooks-stack.test.ts).
    template.resourceCountIs('AWS::CloudFormation::Stack', tags.size + 1);
    template.resourceCountIs('AWS::Lambda::Function', 0);
    for (const owner of templates) expect(Object.keys(owner.resources).length, owner.stack.node.path).toBeLessThan(250);
    for (const { name, route } of routes) {
      const group = Stack.of(routeFunction(name).function);
      expect(stack.routeGroups.filter((candidate) => candidate.functions.has(name)), name).toEqual([group]);
      for (const other of routes.filter((candidate) => candidate.route.tag === route.tag)) expect(Stack.of(routeFunction(other.name).function), other.name).toBe(group);
    }
  });

  it("deploys each route's own bundle, without its esbuild metafile", () => {
    for (const { name } of routes) {
      // The code's S3 key is the asset hash; the assembly stages the asset as `asset.<hash>`.
      const key = functionResource(name).Properties.Code.S3Key as string;
      const staged = join(assemblyDirectory, `asset.${key.replace(/\.zip$/, '')}`);
      expect(readFileSync(join(staged, 'index.mjs'), 'utf8')).toBe(readFileSync(join(bundlesDirectory, name, 'index.mjs'), 'utf8'));
      expect(existsSync(join(staged, 'meta.json'))).toBe(false);
    }
  });

  it('routes every registry route key, $default included, to the function of that route, on the one HTTP API', () => {
    const keys = everyResource().filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route').map((resource) => resource.Properties.RouteKey as string);
    expect(keys.sort()).toEqual(routes.map(({ route }) => routeKey(route)).sort());
    expect(keys).toContain('$default');
    const api = { Ref: logicalId(stack.api.node.defaultChild) };

    for (const { name, route } of routes) {
      const fn = routeFunction(name).function;
      const owner = templateOf(fn);
      const resource = Object.values(owner.resources).find((candidate) => candidate.Type === 'AWS::ApiGatewayV2::Route' && candidate.Properties.RouteKey === routeKey(route))!;
      expect(inParent(owner, resource.Properties.ApiId), name).toEqual(api);
      const integrationId = (resource.Properties.Target['Fn::Join'][1] as Json[])[1]!.Ref as string;
      expect(inParent(owner, owner.resources[integrationId]!.Properties)).toMatchObject({
        ApiId: api,
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [logicalId(fn.node.defaultChild), 'Arn'] },
      });
    }
  });

  it('builds the table keys, attributes and global secondary indexes from tableDefinition', () => {
    const expected = createTableInput('unused');
    const [table, ...others] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    expect(others).toHaveLength(0);
    const byName = (a: Json, b: Json) => String(a.AttributeName).localeCompare(String(b.AttributeName));
    expect(table!.Properties.KeySchema).toEqual(expected.KeySchema);
    expect([...table!.Properties.AttributeDefinitions].sort(byName)).toEqual([...expected.AttributeDefinitions!].sort(byName));
    expect(table!.Properties.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
  });

  it('keeps the table safe: on demand, point-in-time recovery, deletion protection, retained, AWS-managed encryption', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      },
    });
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0]!;
    expect(table.Properties.SSESpecification.KMSMasterKeyId).toBeUndefined();
  });

  it('has no IAM statement with a wildcard action, and no DynamoDB statement on every resource', () => {
    const statements = allStatements();
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      for (const action of asArray<string>(statement.Action)) {
        expect(action).not.toBe('*');
        expect(action).not.toMatch(/\*/);
      }
      expect(statement.NotAction).toBeUndefined();
      if (isDynamoDbStatement(statement)) expect(asArray(statement.Resource)).not.toContain('*');
    }
  });

  it("grants each function exactly the DynamoDB actions of its route's table access, on the table and its indexes", () => {
    expect([...tableActions.read]).toEqual(expectedActions.read);
    expect([...tableActions.write]).toEqual(expectedActions.write);
    const tableId = logicalId(stack.table.node.defaultChild);
    const seen = { none: 0, read: 0, write: 0 };

    for (const { name, route } of routes) {
      seen[route.table] += 1;
      const dynamoStatements = roleStatements(name).filter(isDynamoDbStatement);
      const environment = functionResource(name).Properties.Environment.Variables as Json;
      if (route.table === 'none') {
        expect(dynamoStatements, name).toEqual([]);
        expect(environment.TABLE_NAME, name).toBeUndefined();
        continue;
      }
      expect(dynamoStatements, name).toHaveLength(1);
      const [statement] = dynamoStatements;
      expect(statement!.Effect).toBe('Allow');
      expect(asArray<string>(statement!.Action).sort(), name).toEqual([...expectedActions[route.table]].sort());
      // In any order (IAM policy minimisation may sort them).
      expect(asArray<Json>(statement!.Resource)).toHaveLength(2);
      expect(asArray<Json>(statement!.Resource)).toEqual(
        expect.arrayContaining([{ 'Fn::GetAtt': [tableId, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/*']] }]),
      );
      expect(environment.TABLE_NAME, name).toEqual({ Ref: tableId });
    }
    // The registry must exercise every level, or this test proves less than it claims.
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.read).toBeGreaterThan(0);
    expect(seen.write).toBeGreaterThan(0);
  });

  it('keeps the documents bucket private: public access blocked, no ACLs, S3-managed encryption, retained', () => {
    template.resourceCountIs('AWS::S3::Bucket', 1);
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      },
    });
    const bucket = Object.values(template.findResources('AWS::S3::Bucket'))[0]!;
    expect(bucket.Properties.WebsiteConfiguration).toBeUndefined();
    expect(bucket.Properties.AccessControl).toBeUndefined();
  });

  it('lets the documents bucket be reached over TLS only, and grants nobody anything in its bucket policy', () => {
    const bucketId = logicalId(stack.documents.node.defaultChild);
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(1);
    expect(policies[0]!.Properties.Bucket).toEqual({ Ref: bucketId });
    const statements = asArray<Json>(policies[0]!.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      {
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Resource: [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] }],
      },
    ]);
  });

  it("grants each function exactly the S3 actions of its route's documents access, on the bucket's objects only", () => {
    expect([...documentsActions.read]).toEqual(expectedDocumentsActions.read);
    expect([...documentsActions.write]).toEqual(expectedDocumentsActions.write);
    const bucketId = logicalId(stack.documents.node.defaultChild);
    const seen = { none: 0, read: 0, write: 0 };

    for (const { name, route } of routes) {
      seen[route.documents ?? 'none'] += 1;
      const s3Statements = roleStatements(name).filter(isS3Statement);
      const environment = functionResource(name).Properties.Environment.Variables as Json;
      if (!route.documents) {
        expect(s3Statements, name).toEqual([]);
        expect(environment.DOCUMENTS_BUCKET, name).toBeUndefined();
        expect(environment.DOCUMENT_LINK_TTL_SECONDS, name).toBeUndefined();
        continue;
      }
      expect(s3Statements, name).toHaveLength(1);
      const [statement] = s3Statements;
      expect(statement!.Effect).toBe('Allow');
      expect(asArray<string>(statement!.Action).sort(), name).toEqual([...expectedDocumentsActions[route.documents]].sort());
      expect(statement!.Resource, name).toEqual({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] });
      expect(environment.DOCUMENTS_BUCKET, name).toEqual({ Ref: bucketId });
      expect(environment.DOCUMENT_LINK_TTL_SECONDS, name).toEqual({ Ref: 'DocumentLinkTtlSeconds' });
    }
    // The document routes exercise both levels; every other route has none.
    expect(seen.read).toBeGreaterThan(0);
    expect(seen.write).toBeGreaterThan(0);
    expect(seen.none).toBeGreaterThan(0);
    // No statement anywhere grants S3 on every resource.
    for (const statement of allStatements().filter(isS3Statement)) expect(asArray(statement.Resource)).not.toContain('*');
  });

  it('takes the document link lifetime as a parameter from 1 to 3600 seconds, 300 by default', () => {
    template.hasParameter('DocumentLinkTtlSeconds', { Type: 'Number', Default: 300, MinValue: 1, MaxValue: 3600 });
  });

  it('gives each function its own log group with a retention, and lets it write only there', () => {
    const logGroupIds = new Set<string>();
    for (const { name } of routes) {
      const { Properties } = functionResource(name);
      const owner = templateOf(routeFunction(name).function);
      const logGroupId = Properties.LoggingConfig.LogGroup.Ref as string;
      expect(owner.resources[logGroupId]!.Type).toBe('AWS::Logs::LogGroup');
      expect(owner.resources[logGroupId]!.Properties.RetentionInDays).toBe(30);
      logGroupIds.add(`${owner.stack.node.path}/${logGroupId}`);

      const role = owner.resources[Properties.Role['Fn::GetAtt'][0] as string]!;
      expect(role.Properties.ManagedPolicyArns, name).toBeUndefined();
      const logStatements = roleStatements(name).filter((statement) => asArray<string>(statement.Action).some((action) => action.startsWith('logs:')));
      expect(logStatements, name).toHaveLength(1);
      expect(asArray<string>(logStatements[0]!.Action).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(JSON.stringify(logStatements[0]!.Resource)).toContain(logGroupId);
    }
    expect(logGroupIds.size).toBe(routes.length);
    for (const logGroup of everyResource().filter((resource) => resource.Type === 'AWS::Logs::LogGroup')) expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it('throttles the auto-deployed $default stage, with the limits as parameters', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: { Ref: 'ThrottleRateLimit' }, ThrottlingBurstLimit: { Ref: 'ThrottleBurstLimit' } },
    });
    template.hasParameter('ThrottleRateLimit', { Type: 'Number', Default: 50 });
    template.hasParameter('ThrottleBurstLimit', { Type: 'Number', Default: 100 });
  });

  it('takes the JWT settings and the API key cache TTL as documented parameters, and passes them to every function', () => {
    for (const name of ['JwtIssuer', 'JwtAudience', 'JwksUrl']) {
      template.hasParameter(name, { Type: 'String', Default: '' });
      expect(template.toJSON().Parameters[name].Description, name).toMatch(/API keys only|disables JWT/);
    }
    template.hasParameter('ApiKeyCacheTtlSeconds', { Type: 'Number', Default: 5, MinValue: 0, MaxValue: 300 });
    expect(template.toJSON().Parameters.ApiKeyCacheTtlSeconds.Description).toMatch(/revoked/);
    for (const { name } of routes) {
      expect(functionResource(name).Properties.Environment.Variables, name).toMatchObject({
        AUTH_JWT_ISSUER: { Ref: 'JwtIssuer' },
        AUTH_JWT_AUDIENCE: { Ref: 'JwtAudience' },
        AUTH_JWKS_URL: { Ref: 'JwksUrl' },
        API_KEY_CACHE_TTL_SECONDS: { Ref: 'ApiKeyCacheTtlSeconds' },
        LOG_LEVEL: { Ref: 'LogLevel' },
      });
    }
  });

  it('rejects half a JWT configuration at deploy time', () => {
    const rules = template.toJSON().Rules as Json;
    expect(rules.JwtSettingsComplete.RuleCondition).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'JwtIssuer' }, ''] }] });
    const asserted = JSON.stringify(rules.JwtSettingsComplete.Assertions);
    expect(asserted).toContain('"Ref":"JwtAudience"');
    expect(asserted).toContain('"Ref":"JwksUrl"');
    expect(rules.JwtSettingsNeedIssuer.Assertions).toHaveLength(1);
  });

  it('outputs the API URL, the table name and the documents bucket name', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', ['https://', { Ref: logicalId(stack.api.node.defaultChild) }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/']] } });
    template.hasOutput('TableName', { Value: { Ref: logicalId(stack.table.node.defaultChild) } });
    template.hasOutput('DocumentsBucketName', { Value: { Ref: logicalId(stack.documents.node.defaultChild) } });
  });

  it("refuses an authenticated route with table: 'none', whose API key lookups would be denied", () => {
    const authenticated = routes.find(({ route }) => route.auth !== 'none')!;
    const broken = { ...authenticated, route: { ...authenticated.route, table: 'none' as const } };
    expect(() => new RecruitingApiStack(new App(), 'Broken', { routes: [broken], bundlesDirectory })).toThrow(/needs at least 'read'/);
  });

  it('refuses to synthesise a function whose bundle was not built', () => {
    expect(() => new ApiFunction(new Stack(), 'Missing', { name: 'not-a-route', bundlesDirectory })).toThrow(/npm run build/);
  });
});
