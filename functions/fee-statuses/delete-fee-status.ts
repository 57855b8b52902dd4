import { feeStatuses } from '../../shared/domain/configuration/fee-statuses';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/fees/statuses/{id} */
export const { route, handler } = deleteConfigurationEndpoint(feeStatuses, { path: '/v1/fees/statuses', tag: 'Fees' });
