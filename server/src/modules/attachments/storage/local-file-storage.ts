import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, type FileStorage, type StoredObject } from './file-storage.js';

/**
 * {@link FileStorage} on a local folder (default `DATA_DIR/uploads`). Keys map to relative paths; a key
 * that would leave the folder is refused.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  /** @param root the folder (created when missing) */
  constructor(root: string) {
    this.root = resolve(root);
  }

  get description(): string {
    return `local folder ${this.root}`;
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await pipeline(body, createWriteStream(path, { flags: 'wx' }));
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new StorageNotFoundError(key);
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    yield* this.walk(this.root, prefix);
  }

  private async *walk(dir: string, prefix: string): AsyncIterable<StoredObject> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      return;
    }
    for await (const entry of handle) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(path, prefix);
      } else if (entry.isFile()) {
        const key = relative(this.root, path).split(sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const info = await stat(path).catch(() => undefined);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key outside the uploads folder: ${key}`);
    return path;
  }
}
