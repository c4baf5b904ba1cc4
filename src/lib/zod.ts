import { z } from 'zod';

// The one entry to zod. Its JIT builds validators with `new Function`, which the
// portal's Content-Security-Policy forbids (pb_hooks/lib/http.js); jitless, zod
// validates the same way, only interpreted, and the browser logs no violation.
z.config({ jitless: true });

export { z };
