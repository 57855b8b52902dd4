import { createFeeStatusBody, feeStatuses } from '../../shared/domain/configuration/fee-statuses';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/fees/statuses */
export const { route, handler } = createConfigurationEndpoint(feeStatuses, { path: '/v1/fees/statuses', tag: 'Fees', body: createFeeStatusBody });
