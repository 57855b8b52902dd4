import { createCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** POST /v1/custom-fields/persons */
export const { route, handler } = createCustomFieldEndpoint('persons');
