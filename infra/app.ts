import { App } from 'aws-cdk-lib';
import { loadRoutes } from '../functions/registry';
import { buildFunctionBundles, defaultBundlesDirectory } from './constructs/bundles';
import { RecruitingApiStack } from './stack';

/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy`): builds every route's bundle into `dist/functions`,
 * then synthesises the `RecruitingApi` stack from the route registry. The stack is
 * environment-agnostic, so synthesis needs neither AWS credentials nor network access.
 */
await buildFunctionBundles({ outdir: defaultBundlesDirectory });
const routes = await loadRoutes();

const app = new App();
new RecruitingApiStack(app, 'RecruitingApi', {
  routes,
  bundlesDirectory: defaultBundlesDirectory,
  description: 'Recruiting REST API: HTTP API, one Lambda per route, single DynamoDB table',
});
app.synth();
