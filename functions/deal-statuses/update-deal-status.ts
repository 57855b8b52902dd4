import { updateDealStatusBody, dealStatuses } from '../../shared/domain/configuration/deal-statuses';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/deals/statuses/{id} */
export const { route, handler } = updateConfigurationEndpoint(dealStatuses, { path: '/v1/deals/statuses', tag: 'Deals', body: updateDealStatusBody });
