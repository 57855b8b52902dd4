import { createJobRoleBody, jobRoles } from '../../shared/domain/configuration/job-roles';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/jobs/roles */
export const { route, handler } = createConfigurationEndpoint(jobRoles, { path: '/v1/jobs/roles', tag: 'Jobs', body: createJobRoleBody });
