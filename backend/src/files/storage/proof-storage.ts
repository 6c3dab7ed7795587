/**
 * Where proofs of enrollment live. The local driver keeps them under DATA_DIR/uploads and takes
 * the upload itself; the S3 driver hands out presigned PUT URLs to a staging key and the server
 * checks and moves the object afterwards.
 */
export abstract class ProofStorage {
  /**
   * The URL the client PUTs the bytes to, for a ticket the server issued. `contentLength` is the size
   * the client declared; a driver whose store takes the upload binds the URL to it.
   */
  abstract uploadUrl(ticket: {
    id: string;
    token: string;
    fileType: string;
    expiresInSeconds: number;
    contentLength: number | null;
  }): Promise<string>;
  /** For drivers that receive uploads elsewhere: the size of a ticket's staged upload, null when the client sent none. */
  abstract stagedSize(ticketId: string): Promise<number | null>;
  /** The staged bytes of a ticket, read no further than `maxBytes`: null when there are none, or more. */
  abstract readStaged(ticketId: string, maxBytes: number): Promise<Buffer | null>;
  abstract removeStaged(ticketId: string): Promise<void>;
  abstract write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  abstract read(key: string): Promise<Buffer | null>;
  abstract remove(key: string): Promise<void>;
  /** True when the client uploads straight to the storage rather than through the API. */
  abstract readonly direct: boolean;
}
