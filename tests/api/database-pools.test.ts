import { readdirSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { seedWorkshops } from '../helpers/seed';

// Decision 027: PocketBase reads each SQLite file through a bounded number of connections,
// each with its own page cache; many waiting requests queue for a connection instead of
// opening one apiece (that cost the server 100 MB and more under load).

let server: TestServer;
let token: string;

beforeAll(async () => {
  // No load shedding here: every request must reach the database.
  server = await startPocketBase({ env: { PORTAL_MAX_IN_FLIGHT: '500' } });
  token = server.admin.authStore.token;
  await seedWorkshops(server, 20_000, 'pool');
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** Open file descriptors of the server to `name` in its data dir (the file itself, not its -wal or -shm). */
function openConnections(name: string) {
  const dir = `/proc/${server.process.pid}/fd`;
  let n = 0;
  for (const fd of readdirSync(dir)) {
    try {
      if (readlinkSync(`${dir}/${fd}`) === `${server.dataDir}/${name}`) n += 1;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

describe('read connections', () => {
  it('stay at eight to data.db and four to auxiliary.db however many slow reads arrive at once', async () => {
    // A search no index serves: every request reads all 20,000 workshops, and each is logged.
    const search = () =>
      fetch(`${server.url}/api/collections/users/records?perPage=1&filter=${encodeURIComponent("city ~ 'gibt-es-nicht'")}`, {
        headers: { Authorization: token },
      }).then((r) => r.status);
    let most = { data: 0, auxiliary: 0 };
    for (let wave = 0; wave < 4; wave += 1) {
      const statuses = Promise.all(Array.from({ length: 48 }, search));
      for (let i = 0; i < 20; i += 1) {
        most = {
          data: Math.max(most.data, openConnections('data.db')),
          auxiliary: Math.max(most.auxiliary, openConnections('auxiliary.db')),
        };
        await new Promise((r) => setImmediate(r));
      }
      expect(new Set(await statuses)).toEqual(new Set([200]));
    }
    // Eight readers and the one writer; four readers and the log writer.
    expect(most.data).toBeGreaterThan(2);
    expect(most.data).toBeLessThanOrEqual(8 + 1);
    expect(most.auxiliary).toBeLessThanOrEqual(4 + 1);
  });
});
