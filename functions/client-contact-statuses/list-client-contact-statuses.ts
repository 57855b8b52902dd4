import { clientContactStatuses } from '../../shared/domain/configuration/client-contact-statuses';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/client-contacts/statuses */
export const { route, handler } = listConfigurationEndpoint(clientContactStatuses, {
  path: '/v1/client-contacts/statuses',
  tag: 'Client contacts',
});
