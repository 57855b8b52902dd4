import { CfnOutput, CfnParameter, CfnRule, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Duration, StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeKey } from '../functions/registry';
import type { RegisteredRoute } from '../functions/registry';
import { ApiFunction } from './constructs/api-function';
import { RecruitingTable } from './constructs/table';

/** What the stack needs of a registry route: its function name and its declaration. */
export type StackRoute = Pick<RegisteredRoute, 'name' | 'route'>;

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

/** `list-deal-statuses` → `ListDealStatuses`: a stable construct id per route. */
function constructId(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}

/**
 * The whole service: the single table, one Lambda per registry route, and an HTTP API routing each
 * route key to its Lambda (`$default` to the catch-all). Deploy-time settings are CloudFormation
 * parameters, so one synthesised template serves every installation.
 *
 * @example new RecruitingApiStack(app, 'RecruitingApi', { routes: await loadRoutes(), bundlesDirectory: 'dist/functions' });
 */
export class RecruitingApiStack extends Stack {
  readonly table: RecruitingTable;
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** The function of each route, by route name. */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: RecruitingApiStackProps) {
    super(scope, id, props);
    checkRoutes(props.routes);
    const settings = this.parameters();
    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;

    this.table = new RecruitingTable(this, 'Table');
    this.api = new HttpApi(this, 'Api', {
      apiName: id,
      description: 'Recruiting REST API: one Lambda per route',
      createDefaultStage: false,
    });

    for (const { name, route } of props.routes) {
      const key = routeKey(route);
      const fn = new ApiFunction(this, constructId(name), {
        name,
        bundlesDirectory: props.bundlesDirectory,
        description: key,
        memorySize: props.memorySize,
        timeout: props.timeout,
        logRetention,
        environment: {
          AUTH_JWT_ISSUER: settings.jwtIssuer,
          AUTH_JWT_AUDIENCE: settings.jwtAudience,
          AUTH_JWKS_URL: settings.jwksUrl,
          API_KEY_CACHE_TTL_SECONDS: settings.apiKeyCacheTtlSeconds,
          LOG_LEVEL: settings.logLevel,
        },
      }).bindTable(this.table, route.table);
      this.functions.set(name, fn);

      const integration = new HttpLambdaIntegration(`${constructId(name)}Integration`, fn.function);
      if (key === '$default') {
        // Exactly what `HttpApiProps.defaultIntegration` creates, inside the one loop.
        new HttpRoute(this.api, 'DefaultRoute', { httpApi: this.api, routeKey: HttpRouteKey.DEFAULT, integration });
      } else {
        new HttpRoute(this.api, `${route.method}${route.path}`, {
          httpApi: this.api,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
        });
      }
    }

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
