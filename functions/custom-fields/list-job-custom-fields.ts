import { listCustomFieldsEndpoint } from '../../shared/http/custom-field-endpoints';

/** GET /v1/custom-fields/jobs */
export const { route, handler } = listCustomFieldsEndpoint('jobs');
