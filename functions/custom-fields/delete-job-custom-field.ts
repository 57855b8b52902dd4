import { deleteCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** DELETE /v1/custom-fields/jobs/{id} */
export const { route, handler } = deleteCustomFieldEndpoint('jobs');
