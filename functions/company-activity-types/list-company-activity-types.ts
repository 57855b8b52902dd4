import { companyActivityTypes } from '../../shared/domain/configuration/activity-types';
import { listConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** GET /v1/company-activities/types */
export const { route, handler } = listConfigurationEndpoint(companyActivityTypes, {
  path: '/v1/company-activities/types',
  tag: 'Company activities',
  description:
    'Every company activity type registered for the team (built-in and custom) in a single response, same shape as person activity types. Archived types are hidden unless `include_archived=true` (the only allowed value).',
  archivable: true,
});
