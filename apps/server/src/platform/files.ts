import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Where uploaded and generated files live. Downloads must go through an authorised route. */
export interface FileStorage {
  /** Stores the bytes under a new key, which the caller keeps in its own record. */
  put(data: Buffer, contentType: string, prefix: string): Promise<string>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

/** Files on local disk under DATA_DIR/files, each with a sidecar holding its content type. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid file key');
    return path.join(this.root, key);
  }

  async put(data: Buffer, contentType: string, prefix: string): Promise<string> {
    const key = `${prefix}/${randomUUID()}`;
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    await fs.writeFile(`${file}.type`, contentType);
    return key;
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.resolve(key);
    try {
      const [data, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
      return { data, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }
}
