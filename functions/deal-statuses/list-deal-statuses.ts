import { dealStatuses } from '../../shared/domain/configuration/deal-statuses';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/deals/statuses */
export const { route, handler } = listConfigurationEndpoint(dealStatuses, {
  path: '/v1/deals/statuses',
  tag: 'Deals',
  description:
    'Every deal status of the team ordered by `stage_order`, without pagination. Status ids are used in `deal_status_ids_included` / `deal_status_ids_excluded` of `POST /v1/deals/search` and as `deal_status_id` of deals.',
});
