import { updateJobRoleBody, jobRoles } from '../../shared/domain/configuration/job-roles';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/jobs/roles/{id} */
export const { route, handler } = updateConfigurationEndpoint(jobRoles, { path: '/v1/jobs/roles', tag: 'Jobs', body: updateJobRoleBody });
