import { deleteCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** DELETE /v1/custom-fields/persons/{id} */
export const { route, handler } = deleteCustomFieldEndpoint('persons');
