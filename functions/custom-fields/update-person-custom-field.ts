import { updateCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** PATCH /v1/custom-fields/persons/{id} */
export const { route, handler } = updateCustomFieldEndpoint('persons');
