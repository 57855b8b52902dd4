import { updateCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** PATCH /v1/custom-fields/companies/{id} */
export const { route, handler } = updateCustomFieldEndpoint('companies');
