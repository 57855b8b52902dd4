import { createCustomFieldEndpoint } from '../../shared/http/custom-field-endpoints';

/** POST /v1/custom-fields/jobs */
export const { route, handler } = createCustomFieldEndpoint('jobs');
