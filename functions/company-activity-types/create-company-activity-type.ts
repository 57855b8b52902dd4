import { createActivityTypeBody, companyActivityTypes } from '../../shared/domain/configuration/activity-types';
import { createConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** POST /v1/company-activities/types */
export const { route, handler } = createConfigurationEndpoint(companyActivityTypes, { path: '/v1/company-activities/types', tag: 'Company activities', body: createActivityTypeBody });
