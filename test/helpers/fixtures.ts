// The shared text fixtures under test/fixtures.
import { readFile } from 'node:fs/promises';

export function readFixture(name: string): Promise<string> {
  return readFile(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}
