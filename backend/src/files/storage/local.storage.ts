import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ProofStorage } from './proof-storage.js';

/** Files under DATA_DIR/uploads; uploads arrive through the API's own PUT route. */
export class LocalProofStorage extends ProofStorage {
  readonly direct = false;

  constructor(private readonly dir: string) {
    super();
  }

  async uploadUrl(ticket: { token: string }): Promise<string> {
    return `/api/files/upload/${ticket.token}`;
  }

  async readStaged(): Promise<Buffer | null> {
    return null;
  }

  async removeStaged(): Promise<void> {}

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async write(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.${randomBytes(6).toString('hex')}.part`);
    await writeFile(temporary, bytes);
    await rename(temporary, this.path(key));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  // Keys are made by the server ({svid}.{ext}); basename() keeps any other text inside the folder.
  private path(key: string): string {
    return join(this.dir, basename(key));
  }
}
