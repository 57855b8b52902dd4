import { companyClientStatuses } from '../../shared/domain/configuration/company-client-statuses';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/companies/client-statuses/{id} */
export const { route, handler } = deleteConfigurationEndpoint(companyClientStatuses, { path: '/v1/companies/client-statuses', tag: 'Companies' });
