import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../endpoint.ts';

/**
 * The API's OpenAPI 3.1 description, generated from this contract at start (never written by
 * hand). Public, and served without the business-unit header: it describes the API, not a unit.
 */
export const openApi = defineEndpoint({
  name: 'openApi',
  method: 'GET',
  path: '/api/openapi.json',
  access: publicAccess,
  response: z.looseObject({ openapi: z.literal('3.1.0') }),
  errors: [],
});

/** A readable reference of the same document: an HTML page that needs no script. */
export const apiDocs = defineEndpoint({
  name: 'apiDocs',
  method: 'GET',
  path: '/api/docs',
  access: publicAccess,
  response: z.string(),
  errors: [],
});
