import { createJobStatusBody, jobStatuses } from '../../shared/domain/configuration/job-statuses';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/jobs/statuses */
export const { route, handler } = createConfigurationEndpoint(jobStatuses, { path: '/v1/jobs/statuses', tag: 'Jobs', body: createJobStatusBody });
