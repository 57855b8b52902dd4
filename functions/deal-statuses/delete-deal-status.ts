import { dealStatuses } from '../../shared/domain/configuration/deal-statuses';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/deals/statuses/{id} */
export const { route, handler } = deleteConfigurationEndpoint(dealStatuses, { path: '/v1/deals/statuses', tag: 'Deals' });
