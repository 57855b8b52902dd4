import { updateActivityTypeBody, companyActivityTypes } from '../../shared/domain/configuration/activity-types';
import { updateConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** PATCH /v1/company-activities/types/{type} */
export const { route, handler } = updateConfigurationEndpoint(companyActivityTypes, { path: '/v1/company-activities/types', tag: 'Company activities', body: updateActivityTypeBody });
