import { companyActivityTypes } from '../../shared/domain/configuration/activity-types';
import { deleteConfigurationEndpoint } from '../../shared/http/configuration-endpoints';

/** DELETE /v1/company-activities/types/{type} */
export const { route, handler } = deleteConfigurationEndpoint(companyActivityTypes, { path: '/v1/company-activities/types', tag: 'Company activities' });
