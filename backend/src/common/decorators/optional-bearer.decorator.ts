import { SetMetadata } from '@nestjs/common';

export const OPTIONAL_BEARER = 'openapi:optionalBearer';

/**
 * A public route that also takes the bearer token (the calendar feed: its link's token, or the signed-in volunteer's access
 * token): the OpenAPI document gives it both ways in, `security: [{}, { bearer: [] }]`.
 */
export const OptionalBearer = () => SetMetadata(OPTIONAL_BEARER, true);
