import { insertWorkshops, passwordHashOf } from '../../scripts/lib/seed-workshops.mjs';
import { createWorkshop } from './fixtures';
import type { TestServer } from './pocketbase';

/**
 * `count` verified workshops in the running server, written straight into SQLite (see
 * scripts/lib/seed-workshops.mjs). Every one signs in with the fixtures' password. Returns
 * their ids (15 characters, starting with `prefix`).
 */
export async function seedWorkshops(server: TestServer, count: number, prefix: string) {
  const template = await createWorkshop(server); // a real account, for its password hash
  return insertWorkshops({ dataDir: server.dataDir, passwordHash: passwordHashOf(server.dataDir, template.id), count, prefix });
}
