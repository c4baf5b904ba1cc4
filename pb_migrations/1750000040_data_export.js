/// <reference path="../pb_data/types.d.ts" />
// Issue 37: 'Meine Daten herunterladen' asks for the password; wrong guesses at that route are
// limited per address (the rulebook's DATA_EXPORT.attemptsPerMinute), beside the one-archive-
// every-ten-minutes rule the hook keeps per workshop.
const RATE = { label: 'POST /api/portal/my-data', maxRequests: 5, duration: 60, audience: '' };

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = [RATE, ...settings.rateLimits.rules.filter((r) => r.label !== RATE.label)];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== RATE.label);
    app.save(settings);
  },
);
