import { updateClientContactStatusBody, clientContactStatuses } from '../../shared/domain/configuration/client-contact-statuses';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/client-contacts/statuses/{id} */
export const { route, handler } = updateConfigurationEndpoint(clientContactStatuses, { path: '/v1/client-contacts/statuses', tag: 'Client contacts', body: updateClientContactStatusBody });
