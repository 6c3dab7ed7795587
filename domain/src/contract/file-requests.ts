import { Id, type Static, Type } from './schema.js';

/** The proofs' request body, declared once like requests.ts's (the DTO tied to it with `SameShape`). */

/** POST /api/files/upload: asks for a URL to upload a proof of enrollment to. */
export const CreateUploadBody = Type.Object({
  user_id: Id({ description: "The caller's own profile id." }),
  file_type: Type.String({
    minLength: 1,
    maxLength: 100,
    examples: ['application/pdf'],
    description: "The file's media type: application/pdf or image/jpeg (another is refused).",
  }),
  file_size: Type.Optional(
    Type.Integer({
      minimum: 1,
      examples: [120_000],
      description: "The file's size in bytes. Required when the portal keeps proofs on S3: the upload URL only takes a file of this size.",
    }),
  ),
  file_name: Type.Optional(Type.String({ maxLength: 255, examples: ['enrollment-letter.pdf'] })),
});
export type CreateUploadBody = Static<typeof CreateUploadBody>;
