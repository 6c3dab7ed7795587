import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ProofStorage } from './proof-storage.js';

/** Where STORAGE=local keeps proofs of enrollment. */
export const localUploadsDir = (dataDir: string) => join(dataDir, 'uploads');

const FOLDER_ID_FILE = '.folder-id';

/**
 * The id of an uploads folder, written in it the first time it is asked for: servers that read the
 * same id share the folder (one disk, or one network mount), servers that read different ids do not.
 */
export async function uploadsFolderId(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, FOLDER_ID_FILE);
  try {
    // 'wx': of two servers starting on a new shared folder at once, one writes it and both read that one.
    await writeFile(file, randomBytes(16).toString('hex'), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}

/** Files under DATA_DIR/uploads; uploads arrive through the API's own PUT route. */
export class LocalProofStorage extends ProofStorage {
  readonly direct = false;

  constructor(private readonly dir: string) {
    super();
  }

  async uploadUrl(ticket: { token: string }): Promise<string> {
    return `/api/files/upload/${ticket.token}`;
  }

  async stagedSize(): Promise<number | null> {
    return null;
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
