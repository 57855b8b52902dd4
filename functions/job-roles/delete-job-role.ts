import { jobRoles } from '../../shared/domain/configuration/job-roles';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/jobs/roles/{id} */
export const { route, handler } = deleteConfigurationEndpoint(jobRoles, { path: '/v1/jobs/roles', tag: 'Jobs' });
