import { NestedStack } from 'aws-cdk-lib';
import type { Duration } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routeKey } from '../../functions/registry';
import type { RegisteredRoute } from '../../functions/registry';
import { ApiFunction } from './api-function';

/** What a stack needs of a registry route: its function name and its declaration. */
export type StackRoute = Pick<RegisteredRoute, 'name' | 'route'>;

export interface RouteGroupProps {
  /** The routes of the group (one OpenAPI tag). */
  routes: readonly StackRoute[];
  /** The `buildFunctions` output directory, holding `<name>/index.mjs` per route. */
  bundlesDirectory: string;
  api: HttpApi;
  table: dynamodb.ITable;
  documents: s3.IBucket;
  /** The settings every function gets (values may be parent-stack parameters). */
  environment: Record<string, string>;
  /** `DOCUMENT_LINK_TTL_SECONDS` of the functions that use the documents bucket. */
  documentLinkTtlSeconds: string;
  memorySize?: number | undefined;
  timeout?: Duration | undefined;
  logRetention: logs.RetentionDays;
}

/** `list-deal-statuses` → `ListDealStatuses`, `Person documents` → `PersonDocuments`: a stable construct id. */
export function constructId(name: string): string {
  return name.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_match, _separator: string, letter: string) => letter.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The functions and API routes of one group of registry routes, in a nested stack of their own.
 * A route costs seven CloudFormation resources (function, role, policy, log group, permission,
 * integration, route) and a stack holds at most 500, so the service's routes do not fit in one
 * stack; grouped by OpenAPI tag, each nested stack stays far below the limit, and adding a route
 * changes only its own group. The HTTP API, table, bucket and parameters stay in the parent stack
 * (CDK passes their references in as nested-stack parameters).
 *
 * @example new RouteGroup(this, 'JobsRoutes', { routes, bundlesDirectory, api, table, documents, environment, documentLinkTtlSeconds, logRetention });
 */
export class RouteGroup extends NestedStack {
  /** The function of each route, by route name. */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: RouteGroupProps) {
    super(scope, id, { description: `Recruiting API routes: ${props.routes.map(({ route }) => routeKey(route)).join(', ')}`.slice(0, 512) });
    for (const { name, route } of props.routes) {
      const key = routeKey(route);
      const fn = new ApiFunction(this, constructId(name), {
        name,
        bundlesDirectory: props.bundlesDirectory,
        description: key,
        memorySize: props.memorySize,
        timeout: props.timeout,
        logRetention: props.logRetention,
        environment: props.environment,
      })
        .bindTable(props.table, route.table)
        .bindDocuments(props.documents, route.documents, props.documentLinkTtlSeconds);
      this.functions.set(name, fn);

      const integration = new HttpLambdaIntegration(`${constructId(name)}Integration`, fn.function);
      new HttpRoute(this, key === '$default' ? 'DefaultRoute' : `${route.method}${route.path}`, {
        httpApi: props.api,
        // `$default` is exactly what `HttpApiProps.defaultIntegration` creates.
        routeKey: key === '$default' ? HttpRouteKey.DEFAULT : HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
      });
    }
  }
}
