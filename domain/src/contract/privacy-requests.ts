import { Id, type Static, Type } from './schema.js';

/** POST /api/admin/erasures: the first administrator asks to erase a person. */
export const RequestErasureBody = Type.Object({
  userId: Id({ maximum: 2_147_483_647, examples: [12], description: 'The user to erase.' }),
  reason: Type.String({
    minLength: 1,
    maxLength: 1000,
    examples: ['Asked by email on 3 May 2026'],
    description: "Why, kept with the erasure; the person's name and email are taken out of it when the erasure is confirmed.",
  }),
});
export type RequestErasureBody = Static<typeof RequestErasureBody>;
