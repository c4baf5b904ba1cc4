/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Environment-dependent settings (mail server, public URL) are applied at every
// start, so changing an env variable and restarting is all an operator does.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/settings.js`).applyEnvSettings(e.app);
  try {
    require(`${__hooks}/lib/settings.js`).applySuperuserFactor(e.app);
  } catch (_) {
    // CLI commands bootstrap before the migrations have run
  }
});
