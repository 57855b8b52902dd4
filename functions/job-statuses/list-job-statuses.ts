import { jobStatuses } from '../../shared/domain/configuration/job-statuses';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/jobs/statuses */
export const { route, handler } = listConfigurationEndpoint(jobStatuses, {
  path: '/v1/jobs/statuses',
  tag: 'Jobs',
});
