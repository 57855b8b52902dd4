import { feeStatuses } from '../../shared/domain/configuration/fee-statuses';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/fees/statuses */
export const { route, handler } = listConfigurationEndpoint(feeStatuses, {
  path: '/v1/fees/statuses',
  tag: 'Fees',
});
