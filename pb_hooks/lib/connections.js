/// <reference path="../../pb_data/types.d.ts" />

/** Rewrites users.noraLZConnections from the stored connection records. */
function syncUserConnections(app, userId) {
  let user;
  try {
    user = app.findRecordById('users', userId);
  } catch (_) {
    return; // the user itself is being deleted (cascade)
  }
  const links = app.findRecordsByFilter('user_lz_connections', 'user = {:user}', 'created', 0, 0, { user: userId });
  user.set(
    'noraLZConnections',
    links.map((r) => r.id),
  );
  app.saveNoValidate(user);
}

module.exports = { syncUserConnections };
