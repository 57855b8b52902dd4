import { jobStatuses } from '../../shared/domain/configuration/job-statuses';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/jobs/statuses/{id} */
export const { route, handler } = deleteConfigurationEndpoint(jobStatuses, { path: '/v1/jobs/statuses', tag: 'Jobs' });
