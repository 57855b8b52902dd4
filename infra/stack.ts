import { CfnOutput, CfnParameter, CfnRule, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Duration, StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeKey } from '../functions/registry';
import type { ApiFunction } from './constructs/api-function';
import { DocumentsBucket } from './constructs/documents-bucket';
import { constructId, RouteGroup } from './constructs/route-group';
import type { StackRoute } from './constructs/route-group';
import { RecruitingTable } from './constructs/table';
import { WebhookDelivery } from './constructs/webhook-delivery';

export type { StackRoute } from './constructs/route-group';

export interface RecruitingApiStackProps extends StackProps {
  /** Every route of the registry (`loadRoutes()`): one Lambda and one API route each. */
  routes: readonly StackRoute[];
  /** The `buildFunctions` output directory, holding `<name>/index.mjs` per route. */
  bundlesDirectory: string;
  /** Memory of every function in MB. @default 512 */
  memorySize?: number;
  /** Timeout of every function. @default 10 seconds */
  timeout?: Duration;
  /** Retention of the function and access logs. @default one month */
  logRetention?: logs.RetentionDays;
}

/** The routes by OpenAPI tag, in registry order: one nested stack each (see {@link RouteGroup}). */
function groupByTag(routes: readonly StackRoute[]): Map<string, StackRoute[]> {
  const groups = new Map<string, StackRoute[]>();
  for (const route of routes) {
    const group = groups.get(route.route.tag) ?? [];
    group.push(route);
    groups.set(route.route.tag, group);
  }
  return groups;
}

/**
 * The whole service: the single table, the private documents bucket, one Lambda per registry route,
 * an HTTP API routing each route key to its Lambda (`$default` to the catch-all), and webhook
 * delivery ({@link WebhookDelivery}: stream dispatcher, queue, sender, dead-letter queues, alarms). The functions
 * and their API routes live in one nested stack per OpenAPI tag ({@link RouteGroup}), because a
 * stack holds at most 500 resources. Deploy-time settings are CloudFormation parameters, so one
 * synthesised template serves every installation.
 *
 * @example new RecruitingApiStack(app, 'RecruitingApi', { routes: await loadRoutes(), bundlesDirectory: 'dist/functions' });
 */
export class RecruitingApiStack extends Stack {
  readonly table: RecruitingTable;
  readonly documents: DocumentsBucket;
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** The function of each route, by route name. */
  readonly functions = new Map<string, ApiFunction>();
  /** The nested stacks holding the functions, one per OpenAPI tag. */
  readonly routeGroups: RouteGroup[] = [];
  /** The webhook dispatcher, delivery queue and sender (a nested stack of its own). */
  readonly webhooks: WebhookDelivery;

  constructor(scope: Construct, id: string, props: RecruitingApiStackProps) {
    super(scope, id, props);
    checkRoutes(props.routes);
    const settings = this.parameters();
    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;

    this.table = new RecruitingTable(this, 'Table');
    this.documents = new DocumentsBucket(this, 'Documents');
    this.api = new HttpApi(this, 'Api', {
      apiName: id,
      description: 'Recruiting REST API: one Lambda per route',
      createDefaultStage: false,
    });

    const environment = {
      AUTH_JWT_ISSUER: settings.jwtIssuer,
      AUTH_JWT_AUDIENCE: settings.jwtAudience,
      AUTH_JWKS_URL: settings.jwksUrl,
      API_KEY_CACHE_TTL_SECONDS: settings.apiKeyCacheTtlSeconds,
      LOG_LEVEL: settings.logLevel,
    };
    for (const [tag, routes] of groupByTag(props.routes)) {
      const group = new RouteGroup(this, `${constructId(tag)}Routes`, {
        routes,
        bundlesDirectory: props.bundlesDirectory,
        api: this.api,
        table: this.table,
        documents: this.documents,
        environment,
        documentLinkTtlSeconds: settings.documentLinkTtlSeconds,
        memorySize: props.memorySize,
        timeout: props.timeout,
        logRetention,
      });
      this.routeGroups.push(group);
      for (const [name, fn] of group.functions) this.functions.set(name, fn);
    }

    this.webhooks = new WebhookDelivery(this, 'WebhookDelivery', {
      table: this.table,
      bundlesDirectory: props.bundlesDirectory,
      environment: { LOG_LEVEL: settings.logLevel },
      logRetention,
    });

    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new HttpStage(this.api, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.throttleRateLimit, burstLimit: settings.throttleBurstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            method: '$context.httpMethod',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
          }),
        ),
      },
    });

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url, description: 'Base URL of the API (the reference is at /docs)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The DynamoDB table (for the admin command)' });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.documents.bucketName, description: 'The private S3 bucket of person documents' });
    new CfnOutput(this, 'WebhookQueueUrl', { value: this.webhooks.queue.queueUrl, description: 'The queue of webhook delivery attempts' });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: this.webhooks.deadLetterQueue.queueUrl, description: 'Webhook attempts that failed five times without being recorded' });
    new CfnOutput(this, 'WebhookDispatchDeadLetterQueueUrl', { value: this.webhooks.dispatchDeadLetterQueue.queueUrl, description: 'Table stream records the webhook dispatcher could not handle' });
    new CfnOutput(this, 'WebhookDeadLetterAlarmNames', {
      value: Fn.join(',', [this.webhooks.deadLetterAlarm.alarmName, this.webhooks.dispatchDeadLetterAlarm.alarmName]),
      description: 'Alarms raised when a message lands in a webhook dead-letter queue (attach an SNS action to be notified)',
    });
  }

  /** The deploy-time settings, as CloudFormation parameters with their rules. */
  private parameters() {
    const jwtIssuer = new CfnParameter(this, 'JwtIssuer', {
      type: 'String',
      default: '',
      description:
        'Issuer (iss) every session/OAuth JWT must carry, e.g. https://login.example.com/. Empty (the default) disables JWT credentials: only API keys are accepted. Requires JwtAudience and JwksUrl.',
    });
    const jwtAudience = new CfnParameter(this, 'JwtAudience', {
      type: 'String',
      default: '',
      description: 'Audience (aud) every JWT must carry. Empty (the default) with JwtIssuer empty: JWT credentials disabled, API keys only.',
    });
    const jwksUrl = new CfnParameter(this, 'JwksUrl', {
      type: 'String',
      default: '',
      allowedPattern: '^(https://\\S+)?$',
      constraintDescription: 'must be empty or an https:// URL',
      description:
        'HTTPS URL of the identity provider\'s JSON Web Key Set (RS256 keys) used to verify JWTs. Empty (the default) with JwtIssuer empty: JWT credentials disabled, API keys only.',
    });
    const apiKeyCacheTtlSeconds = new CfnParameter(this, 'ApiKeyCacheTtlSeconds', {
      type: 'Number',
      default: 5,
      minValue: 0,
      maxValue: 300,
      constraintDescription: 'must be a number of seconds from 0 to 300',
      description:
        'Seconds a verified API key is trusted before it is read again: the longest a revoked key keeps working. 0 reads the key on every request.',
    });
    const documentLinkTtlSeconds = new CfnParameter(this, 'DocumentLinkTtlSeconds', {
      type: 'Number',
      default: 300,
      minValue: 1,
      maxValue: 3600,
      constraintDescription: 'must be a number of seconds from 1 to 3600',
      description: 'Seconds a signed person-document download link stays valid (it is signed anew on every listing).',
    });
    const logLevel = new CfnParameter(this, 'LogLevel', {
      type: 'String',
      default: 'info',
      allowedValues: ['debug', 'info', 'warn', 'error', 'silent'],
      description: 'Lowest level the functions log at.',
    });
    const throttleRateLimit = new CfnParameter(this, 'ThrottleRateLimit', {
      type: 'Number',
      default: 50,
      minValue: 1,
      maxValue: 10000,
      description: 'Steady-state requests per second the whole API accepts before answering 429.',
    });
    const throttleBurstLimit = new CfnParameter(this, 'ThrottleBurstLimit', {
      type: 'Number',
      default: 100,
      minValue: 1,
      maxValue: 5000,
      description: 'Requests the API accepts in a burst above the steady rate before answering 429.',
    });

    // The functions refuse to start on half a JWT configuration; refuse it at deploy time instead.
    const issuerSet = Fn.conditionNot(Fn.conditionEquals(jwtIssuer.valueAsString, ''));
    new CfnRule(this, 'JwtSettingsComplete', {
      ruleCondition: issuerSet,
      assertions: [
        {
          assert: Fn.conditionNot(Fn.conditionEquals(jwtAudience.valueAsString, '')),
          assertDescription: 'JwtAudience is required when JwtIssuer is set',
        },
        {
          assert: Fn.conditionNot(Fn.conditionEquals(jwksUrl.valueAsString, '')),
          assertDescription: 'JwksUrl is required when JwtIssuer is set',
        },
      ],
    });
    new CfnRule(this, 'JwtSettingsNeedIssuer', {
      assertions: [
        {
          assert: Fn.conditionOr(
            issuerSet,
            Fn.conditionAnd(Fn.conditionEquals(jwtAudience.valueAsString, ''), Fn.conditionEquals(jwksUrl.valueAsString, '')),
          ),
          assertDescription: 'JwtAudience and JwksUrl have no effect without JwtIssuer: set JwtIssuer too, or leave all three empty',
        },
      ],
    });

    return {
      jwtIssuer: jwtIssuer.valueAsString,
      jwtAudience: jwtAudience.valueAsString,
      jwksUrl: jwksUrl.valueAsString,
      apiKeyCacheTtlSeconds: apiKeyCacheTtlSeconds.valueAsString,
      documentLinkTtlSeconds: documentLinkTtlSeconds.valueAsString,
      logLevel: logLevel.valueAsString,
      throttleRateLimit: throttleRateLimit.valueAsNumber,
      throttleBurstLimit: throttleBurstLimit.valueAsNumber,
    };
  }
}

/**
 * Refuses a route list the deployed service could not serve: duplicate names or route keys, more
 * than one catch-all, or an authenticated route without table access (API keys are read from the
 * table, so such a route would fail every request with AccessDenied).
 */
function checkRoutes(routes: readonly StackRoute[]): void {
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const { name, route } of routes) {
    const key = routeKey(route);
    if (names.has(name)) throw new Error(`Two routes are named ${name}`);
    if (keys.has(key)) throw new Error(`Two routes declare ${key}`);
    names.add(name);
    keys.add(key);
    if (route.auth !== 'none' && route.table === 'none') {
      throw new Error(`${name} (${key}) authenticates callers but has table: 'none'; API keys are read from the table, so it needs at least 'read'`);
    }
  }
}
