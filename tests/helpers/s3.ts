import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

import { freePort } from '../../scripts/lib/ports.mjs';

/**
 * A local S3-compatible server (s3rver) with one bucket, for the S3 replica and PocketBase's S3
 * file storage: real HTTP, real S3 requests, objects on a temporary disk.
 */
export async function startS3(bucket = 'portal') {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  listNestedPrefixes(server.store);
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** The object `key` as s3rver keeps it on disk. */
    objectPath: (key: string) => path.join(directory, bucket, `${key}._S3rver_object`),
    /** What replication and PocketBase need to use it (s3rver's fixed credentials). */
    env: (prefix: string) => ({
      PORTAL_REPLICA_URL: `s3://${bucket}/${prefix}`,
      PORTAL_REPLICA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async stop() {
      // Keep-alive connections of PocketBase and Litestream would hold the close open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface ListOptions {
  delimiter?: string;
  prefix?: string;
  maxKeys?: number;
  startAfter?: string;
}
interface Store {
  listObjects(
    bucket: string,
    options: ListOptions,
  ): Promise<{ objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean }>;
}

/**
 * s3rver 3.7.1 answers a listing with a delimiter without the common prefixes that lie two or
 * more folders deep (its directory walk stops above them), so `litestream restore` finds no
 * generation (`generations/<g>/snapshots/…`). Listed here from the full listing instead, as S3 does.
 */
function listNestedPrefixes(store: Store) {
  const list = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const { delimiter = '', prefix = '', maxKeys = Infinity } = options;
    if (!delimiter) return list(bucket, options);
    const all = await list(bucket, { ...options, delimiter: '', maxKeys: Infinity });
    const commonPrefixes = new Set<string>();
    const objects: { key: string }[] = [];
    for (const object of all.objects) {
      const at = object.key.indexOf(delimiter, prefix.length);
      if (at === -1) objects.push(object);
      else commonPrefixes.add(object.key.slice(0, at + delimiter.length));
    }
    return { objects: objects.slice(0, maxKeys), commonPrefixes: [...commonPrefixes].sort(), isTruncated: objects.length > maxKeys };
  };
}
