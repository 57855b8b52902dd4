import { createCompanyClientStatusBody, companyClientStatuses } from '../../shared/domain/configuration/company-client-statuses';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/companies/client-statuses */
export const { route, handler } = createConfigurationEndpoint(companyClientStatuses, { path: '/v1/companies/client-statuses', tag: 'Companies', body: createCompanyClientStatusBody });
