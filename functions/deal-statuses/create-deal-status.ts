import { createDealStatusBody, dealStatuses } from '../../shared/domain/configuration/deal-statuses';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/deals/statuses */
export const { route, handler } = createConfigurationEndpoint(dealStatuses, { path: '/v1/deals/statuses', tag: 'Deals', body: createDealStatusBody });
