import { describe, expect, it } from 'vitest';

import { replicaPositions } from '../scripts/lib/replica.mjs';

// Where the replica stands, read from Litestream's metrics (issue 38): the dashboard's lag rests on it.

const DBS = ['/data/data.db', '/data/auxiliary.db'];
const metrics = (rows: Record<string, [number, number, number]>) =>
  Object.entries(rows)
    .flatMap(([db, [shadowIndex, index, offset]]) => [
      `litestream_shadow_wal_index{db="${db}"} ${shadowIndex}`,
      `litestream_replica_wal_index{db="${db}",name="s3"} ${index}`,
      `litestream_replica_wal_offset{db="${db}",name="s3"} ${offset}`,
    ])
    .join('\n');
const sizes = (map: Record<string, number>) => (db: string, index: number) => map[`${db} ${index}`];

describe('replicaPositions', () => {
  it('caught up when every database is shipped to the end of its newest shadow WAL file', () => {
    const text = metrics({ '/data/data.db': [3, 3, 4152], '/data/auxiliary.db': [0, 0, 16512] });
    const at = replicaPositions(text, DBS, sizes({ '/data/data.db 3': 4152, '/data/auxiliary.db 0': 16512 }));
    expect(at).toEqual({ caughtUp: true, replicaKey: '3:4152 0:16512' });
  });

  it('behind when one database has frames not shipped yet, in the same file or a newer one', () => {
    const sameFile = metrics({ '/data/data.db': [3, 3, 4152], '/data/auxiliary.db': [0, 0, 16512] });
    expect(replicaPositions(sameFile, DBS, sizes({ '/data/data.db 3': 8272, '/data/auxiliary.db 0': 16512 })).caughtUp).toBe(false);
    const newerFile = metrics({ '/data/data.db': [4, 3, 4152], '/data/auxiliary.db': [0, 0, 16512] });
    expect(replicaPositions(newerFile, DBS, sizes({ '/data/data.db 4': 32, '/data/auxiliary.db 0': 16512 })).caughtUp).toBe(false);
  });

  it('not caught up while a database is missing from the metrics or its shadow file is unknown', () => {
    const one = metrics({ '/data/data.db': [0, 0, 16512] });
    expect(replicaPositions(one, DBS, sizes({ '/data/data.db 0': 16512 }))).toEqual({ caughtUp: false, replicaKey: '0:16512 -:-' });
    const both = metrics({ '/data/data.db': [0, 0, 16512], '/data/auxiliary.db': [0, 0, 16512] });
    expect(replicaPositions(both, DBS, sizes({ '/data/data.db 0': 16512 })).caughtUp).toBe(false);
    expect(replicaPositions('', DBS, () => 0).caughtUp).toBe(false);
  });

  it('the replica key moves with the replica, not with the shadow WAL', () => {
    const size = sizes({ '/data/data.db 1': 100, '/data/auxiliary.db 1': 100, '/data/data.db 2': 100 });
    const a = replicaPositions(metrics({ '/data/data.db': [1, 1, 50], '/data/auxiliary.db': [1, 1, 100] }), DBS, size);
    const b = replicaPositions(metrics({ '/data/data.db': [2, 1, 50], '/data/auxiliary.db': [1, 1, 100] }), DBS, size);
    const c = replicaPositions(metrics({ '/data/data.db': [2, 1, 100], '/data/auxiliary.db': [1, 1, 100] }), DBS, size);
    expect(a.replicaKey).toBe(b.replicaKey);
    expect(c.replicaKey).not.toBe(b.replicaKey);
  });
});
