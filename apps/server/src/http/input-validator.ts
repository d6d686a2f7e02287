import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { blankAsAbsent, blankOptionalKeys } from '@tp/contracts';
import type { z } from 'zod';

/**
 * The validator of every route's body and query: the zod provider's, after dropping the blank
 * values of optional fields (contracts blankOptionalKeys: a form's empty field is an absent one).
 * The keys are found once per route, when it is compiled; a request without a blank pays a scan
 * of those few keys.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const keys = route.httpPart === 'body' || route.httpPart === 'querystring' ? blankOptionalKeys(route.schema) : [];
  if (keys.length === 0) return validate;
  return (data) => validate(blankAsAbsent(data, keys));
};
