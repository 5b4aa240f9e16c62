// Route-schema helpers of the api. The shapes themselves are written once, as TypeBox schemas of their contract
// area, `@dating/shared/contract/<area>` (docs/adr/0022-forms-and-schemas.md, addenda; api/README.md, "One source for
// the contract"): routes import them from there; nothing here describes a request or an answer.
import { ApiErrorBodySchema } from '@dating/shared/contract/common';

/** Standard error answers to list on a route (OpenAPI only; errors are sent by the error handler). */
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ApiErrorBodySchema]));
