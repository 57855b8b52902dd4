import { companyClientStatuses } from '../../shared/domain/configuration/company-client-statuses';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/companies/client-statuses */
export const { route, handler } = listConfigurationEndpoint(companyClientStatuses, {
  path: '/v1/companies/client-statuses',
  tag: 'Companies',
});
