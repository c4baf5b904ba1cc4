import type { TestServer } from './pocketbase';

/** The bytes of a protected file field, fetched with a superuser file token. */
export async function protectedFile(
  server: TestServer,
  record: { id: string; collectionId?: string; [field: string]: unknown },
  field: string,
  collection?: string,
) {
  const token = await server.admin.files.getToken();
  const res = await fetch(`${server.url}/api/files/${collection ?? record.collectionId}/${record.id}/${record[field]}?token=${token}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The lines of a server-written CSV (after its 3-byte UTF-8 BOM). */
export const csvLines = (bytes: Buffer) => bytes.subarray(3).toString('utf8').trim().split('\r\n');
