export { apiKey, apiQuery, useApiMutation } from './api-query';
export { createQueryClient } from './query-client';
