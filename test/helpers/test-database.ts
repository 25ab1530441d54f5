// A private database for one test file, cloned from the migrated template that
// scripts/run-tests.ts prepares, and dropped when the file's tests end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '@castwright/core/db/connect';

interface Teardown {
  teardown(fn: () => Promise<void> | void): void;
}

export interface TestDatabase {
  url: string;
  db: Db;
}

function adminSettings(): { adminUrl: string; template: string } {
  const adminUrl = process.env.CASTWRIGHT_TEST_ADMIN_URL;
  const template = process.env.CASTWRIGHT_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('Run tests with `npm test` (it provides the test database server)');
  return { adminUrl, template };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(t: Teardown): Promise<TestDatabase> {
  const { adminUrl, template } = adminSettings();
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  // Cloning needs the template idle; parallel files may clone at the same moment, so retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { max: 5 });
  t.teardown(async () => {
    await db.destroy();
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  return { url: url.toString(), db };
}
