import { createClientContactStatusBody, clientContactStatuses } from '../../shared/domain/configuration/client-contact-statuses';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/client-contacts/statuses */
export const { route, handler } = createConfigurationEndpoint(clientContactStatuses, { path: '/v1/client-contacts/statuses', tag: 'Client contacts', body: createClientContactStatusBody });
