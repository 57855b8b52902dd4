import { createCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** POST /v1/custom-fields/companies */
export const { route, handler } = createCustomFieldEndpoint('companies');
