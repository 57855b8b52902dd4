import { personActivityTypes } from '../../shared/domain/configuration/activity-types';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/person-activities/types/{type} */
export const { route, handler } = deleteConfigurationEndpoint(personActivityTypes, { path: '/v1/person-activities/types', tag: 'Person activities' });
