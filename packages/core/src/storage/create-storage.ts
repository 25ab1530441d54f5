// Picks the storage driver from configuration.
import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';

export function createStorage(config: Config): ObjectStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'storage'));
}
