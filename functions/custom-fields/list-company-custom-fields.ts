import { listCustomFieldsEndpoint } from '../../shared/http/custom-field-endpoints';

/** GET /v1/custom-fields/companies */
export const { route, handler } = listCustomFieldsEndpoint('companies');
