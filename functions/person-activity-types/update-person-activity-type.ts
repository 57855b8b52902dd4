import { updateActivityTypeBody, personActivityTypes } from '../../shared/domain/configuration/activity-types';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/person-activities/types/{type} */
export const { route, handler } = updateConfigurationEndpoint(personActivityTypes, { path: '/v1/person-activities/types', tag: 'Person activities', body: updateActivityTypeBody });
