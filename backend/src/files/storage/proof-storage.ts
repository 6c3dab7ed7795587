/**
 * Where proofs of enrollment live. The local driver keeps them under DATA_DIR/uploads and takes
 * the upload itself; the S3 driver hands out presigned PUT URLs to a staging key and the server
 * checks and moves the object afterwards.
 */
export abstract class ProofStorage {
  /** The URL the client PUTs the bytes to, for a ticket the server issued. */
  abstract uploadUrl(ticket: { id: string; token: string; fileType: string; expiresInSeconds: number }): Promise<string>;
  /** For drivers that receive uploads elsewhere: the staged bytes of a ticket, if the client sent them. */
  abstract readStaged(ticketId: string): Promise<Buffer | null>;
  abstract removeStaged(ticketId: string): Promise<void>;
  abstract write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  abstract read(key: string): Promise<Buffer | null>;
  abstract remove(key: string): Promise<void>;
  /** True when the client uploads straight to the storage rather than through the API. */
  abstract readonly direct: boolean;
}
