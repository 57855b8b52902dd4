import { updateCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** PATCH /v1/custom-fields/jobs/{id} */
export const { route, handler } = updateCustomFieldEndpoint('jobs');
