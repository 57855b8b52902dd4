import { jobRoles } from '../../shared/domain/configuration/job-roles';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/jobs/roles */
export const { route, handler } = listConfigurationEndpoint(jobRoles, {
  path: '/v1/jobs/roles',
  tag: 'Jobs',
});
