/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Inputs that would end the process on PocketBase 0.38.2 (CVE-2026-82410) are refused with a
// plain 400 before PocketBase reaches them (lib/crash-guards.js, decision 028). Kept in a file of
// its own so the crash tests can start a server without it and show the process dying.

routerUse(
  new Middleware(
    (e) => {
      if (e.request.url.path.indexOf('/api/') !== 0) return e.next();
      return require(`${__hooks}/lib/crash-guards.js`).guardRequest(e);
    },
    require(`${__hooks}/lib/crash-guards.js`).GUARD_PRIORITY,
    'portalCrashGuard',
  ),
);

onRealtimeSubscribeRequest((e) => {
  const problem = require(`${__hooks}/lib/crash-guards.js`).subscriptionProblem(e.subscriptions);
  if (problem) throw new BadRequestError(problem);
  e.next();
});
