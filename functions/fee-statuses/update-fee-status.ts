import { updateFeeStatusBody, feeStatuses } from '../../shared/domain/configuration/fee-statuses';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/fees/statuses/{id} */
export const { route, handler } = updateConfigurationEndpoint(feeStatuses, { path: '/v1/fees/statuses', tag: 'Fees', body: updateFeeStatusBody });
