// Picks the storage driver from configuration.
import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3-storage.ts';

export function createStorage(config: Config): ObjectStorage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  return new LocalDiskStorage(path.join(config.dataDir, 'storage'));
}
