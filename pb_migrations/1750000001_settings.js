/// <reference path="../pb_data/types.d.ts" />
// Application settings that do not depend on the environment. SMTP, sender and
// the public URL come from env at every start (pb_hooks/settings.pb.js).
migrate(
  (app) => {
    const settings = app.settings();
    settings.meta.appName = 'NORA Cashback-Portal';
    settings.meta.hideControls = true;
    settings.logs.maxDays = 14;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.meta.appName = 'Acme';
    settings.meta.hideControls = false;
    settings.logs.maxDays = 5;
    app.save(settings);
  },
);
