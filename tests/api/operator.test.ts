import { afterAll, beforeAll, expect, it } from 'vitest';

import { OPERATOR_ENV } from '../../scripts/lib/operator.mjs';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// The Impressum's operator data comes from PORTAL_OPERATOR_* (public, read-only).
let configured: TestServer;

beforeAll(async () => {
  configured = await startPocketBase({
    env: {
      PORTAL_OPERATOR_NAME: 'Beispiel Teilehandel GmbH\r\nX-Injected: 1',
      PORTAL_OPERATOR_ZIP_CITY: '  10115 Berlin  ',
      PORTAL_OPERATOR_IBAN: 'x'.repeat(500),
    },
  });
});
afterAll(async () => configured?.stop());

it('answers every operator field, trimmed, bounded and without control characters; unset ones are null', async () => {
  const res = await fetch(`${configured.url}/api/portal/operator`);
  expect(res.status).toBe(200);
  const operator = await res.json();
  expect(Object.keys(operator).sort()).toEqual(Object.keys(OPERATOR_ENV).sort());
  expect(operator.name).toBe('Beispiel Teilehandel GmbH  X-Injected: 1');
  expect(operator.zipCity).toBe('10115 Berlin');
  expect(operator.iban).toHaveLength(200);
  expect(operator.street).toBeNull();
  // Anyone may read it; nobody may write through it.
  expect((await fetch(`${configured.url}/api/portal/operator`, { method: 'POST' })).status).toBe(404);
});
