import { updateCompanyClientStatusBody, companyClientStatuses } from '../../shared/domain/configuration/company-client-statuses';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/companies/client-statuses/{id} */
export const { route, handler } = updateConfigurationEndpoint(companyClientStatuses, { path: '/v1/companies/client-statuses', tag: 'Companies', body: updateCompanyClientStatusBody });
