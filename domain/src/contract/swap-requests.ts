import { Id, type Static, Type } from './schema.js';

/**
 * The shift swaps' request bodies, declared once like requests.ts's: the OpenAPI document describes each from its schema and
 * each DTO is tied to it (`SameShape`). Every one may carry the caller's own SV ID, as the earlier portal's calls did.
 */

const svid = Type.Optional(Type.String({ maxLength: 16, description: "The caller's own SV ID; refused when it is someone else's." }));

/** What every swap call may carry: the caller's own SV ID. */
export const SwapCall = Type.Object({ svid });
export type SwapCall = Static<typeof SwapCall>;

/** POST /api/schedule/swap/create: without swapped_shift_id and swapped_svid an open request, with both a directed one. */
export const CreateSwapRequestBody = Type.Object({
  svid,
  shift_id: Id({ description: 'The id of your shift you offer.' }),
  swapped_shift_id: Type.Optional(Id({ description: 'Directed request: the id of the shift you ask for.' })),
  swapped_svid: Type.Optional(
    Type.String({ maxLength: 16, description: 'Directed request: the SV ID of the volunteer who holds swapped_shift_id.' }),
  ),
});
export type CreateSwapRequestBody = Static<typeof CreateSwapRequestBody>;

const requestId = (description?: string) => Type.Integer(description ? { description } : {});

/** POST /api/schedule/swap/accept. */
export const AcceptSwapRequestBody = Type.Object({
  svid,
  shift_swap_request_id: requestId(),
  swapped_shift_id: Type.Optional(
    Type.Integer({
      description: 'The id of your shift you give: required for an open request; for a directed one it is the shift asked for.',
    }),
  ),
});
export type AcceptSwapRequestBody = Static<typeof AcceptSwapRequestBody>;

/** POST /api/schedule/swap/decline. */
export const DeclineSwapRequestBody = Type.Object({ svid, shift_swap_request_id: requestId() });
export type DeclineSwapRequestBody = Static<typeof DeclineSwapRequestBody>;

/** POST /api/schedule/swap/delete: the request's id as shift_swap_request_id or as id (one of the two is needed). */
export const DeleteSwapRequestBody = Type.Object({
  svid,
  shift_swap_request_id: Type.Optional(requestId('The id of the request (or give it as `id`).')),
  id: Type.Optional(requestId('Another name for shift_swap_request_id.')),
});
export type DeleteSwapRequestBody = Static<typeof DeleteSwapRequestBody>;
