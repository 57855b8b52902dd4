import { clientContactStatuses } from '../../shared/domain/configuration/client-contact-statuses';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/client-contacts/statuses/{id} */
export const { route, handler } = deleteConfigurationEndpoint(clientContactStatuses, { path: '/v1/client-contacts/statuses', tag: 'Client contacts' });
