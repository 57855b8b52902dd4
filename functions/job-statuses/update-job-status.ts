import { updateJobStatusBody, jobStatuses } from '../../shared/domain/configuration/job-statuses';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/jobs/statuses/{id} */
export const { route, handler } = updateConfigurationEndpoint(jobStatuses, { path: '/v1/jobs/statuses', tag: 'Jobs', body: updateJobStatusBody });
