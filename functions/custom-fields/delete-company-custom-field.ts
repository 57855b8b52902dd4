import { deleteCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** DELETE /v1/custom-fields/companies/{id} */
export const { route, handler } = deleteCustomFieldEndpoint('companies');
