import { personActivityTypes } from '../../shared/domain/configuration/activity-types';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/person-activities/types */
export const { route, handler } = listConfigurationEndpoint(personActivityTypes, {
  path: '/v1/person-activities/types',
  tag: 'Person activities',
  description:
    'Every activity type registered for the team (built-in and custom) in a single response, without pagination. Archived types are hidden unless `include_archived=true` (the only allowed value).',
  archivable: true,
});
