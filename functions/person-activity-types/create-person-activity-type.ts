import { createActivityTypeBody, personActivityTypes } from '../../shared/domain/configuration/activity-types';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/person-activities/types */
export const { route, handler } = createConfigurationEndpoint(personActivityTypes, { path: '/v1/person-activities/types', tag: 'Person activities', body: createActivityTypeBody });
