import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { heldSince, replicaPositions } from '../scripts/lib/replica-watch.mjs';

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
    expect(at).toEqual({
      caughtUp: true,
      replicaKey: '3:4152 0:16512',
      shadow: [
        [3, 4152],
        [0, 16512],
      ],
      replica: [
        [3, 4152],
        [0, 16512],
      ],
    });
  });

  it('behind when one database has frames not shipped yet, in the same file or a newer one', () => {
    const sameFile = metrics({ '/data/data.db': [3, 3, 4152], '/data/auxiliary.db': [0, 0, 16512] });
    expect(replicaPositions(sameFile, DBS, sizes({ '/data/data.db 3': 8272, '/data/auxiliary.db 0': 16512 })).caughtUp).toBe(false);
    const newerFile = metrics({ '/data/data.db': [4, 3, 4152], '/data/auxiliary.db': [0, 0, 16512] });
    expect(replicaPositions(newerFile, DBS, sizes({ '/data/data.db 4': 32, '/data/auxiliary.db 0': 16512 })).caughtUp).toBe(false);
  });

  it('not caught up while a database is missing from the metrics or its shadow file is unknown', () => {
    const one = metrics({ '/data/data.db': [0, 0, 16512] });
    expect(replicaPositions(one, DBS, sizes({ '/data/data.db 0': 16512 }))).toMatchObject({
      caughtUp: false,
      replicaKey: '0:16512 -:-',
      shadow: [[0, 16512], null],
      replica: [[0, 16512], null],
    });
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

// Issue 63: under steady writes the replica is seldom at the very end of the newest shadow file,
// so 'the last time it was caught up' made a replica a moment behind look seconds behind.
describe('heldSince: since when the replica holds everything', () => {
  const history = [
    {
      at: 1000,
      shadow: [
        [1, 100],
        [1, 50],
      ] as [number, number][],
    },
    {
      at: 2000,
      shadow: [
        [1, 300],
        [1, 50],
      ] as [number, number][],
    },
    {
      at: 3000,
      shadow: [
        [2, 40],
        [1, 90],
      ] as [number, number][],
    },
  ];

  it('is the newest moment whose taken frames every database’s replica has reached', () => {
    expect(
      heldSince(history, [
        [2, 40],
        [1, 90],
      ]),
    ).toBe(3000);
    expect(
      heldSince(history, [
        [2, 0],
        [1, 60],
      ]),
    ).toBe(2000);
    // A newer WAL file counts as past every frame of an older one.
    expect(
      heldSince(history, [
        [2, 0],
        [1, 50],
      ]),
    ).toBe(2000);
    expect(
      heldSince(history, [
        [1, 299],
        [1, 90],
      ]),
    ).toBe(1000);
  });

  it('is none while one database is behind every sample, or its position is unknown', () => {
    expect(
      heldSince(history, [
        [1, 99],
        [9, 0],
      ]),
    ).toBeNull();
    expect(heldSince(history, [[9, 0], null])).toBeNull();
    expect(
      heldSince(
        [{ at: 1, shadow: [null, [0, 0]] }],
        [
          [9, 0],
          [9, 0],
        ],
      ),
    ).toBeNull();
    expect(
      heldSince(
        [],
        [
          [9, 0],
          [9, 0],
        ],
      ),
    ).toBeNull();
  });

  it('against a reference: the latest sample at or below the replica, database by database', () => {
    const position = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 500 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(position, position), { maxLength: 12 }), fc.tuple(position, position), (samples, replica) => {
        const h = samples.map((shadow, i) => ({ at: i + 1, shadow: shadow as [number, number][] }));
        const at = (p: [number, number], q: [number, number]) => p[0] * 1000 + p[1] >= q[0] * 1000 + q[1];
        const expected = [...h].reverse().find((s) => at(replica[0], s.shadow[0]!) && at(replica[1], s.shadow[1]!))?.at ?? null;
        expect(heldSince(h, replica)).toBe(expected);
      }),
    );
  });
});
