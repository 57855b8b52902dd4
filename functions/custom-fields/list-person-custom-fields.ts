import { listCustomFieldsEndpoint } from '../../shared/http/custom-field-endpoints';

/** GET /v1/custom-fields/persons */
export const { route, handler } = listCustomFieldsEndpoint('persons');
