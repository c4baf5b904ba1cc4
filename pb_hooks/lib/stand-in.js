/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The script of a stand-in page (decision 023), written once for both of its readers: the
// build writes it inline into the head of each registration step's page
// (scripts/lib/prerender-plugin.mjs), and the page headers allow exactly this inline script by
// its hash (lib/http.js). Inline, it costs no request before the first paint; as a file of its
// own it sometimes put a round trip on the way to the largest paint (Lighthouse: 1.8 s
// instead of 1.0–1.2 s on /register/account).
//
// A registration step's URL is served with the landing page's HTML. Before the first paint the
// script reads the wizard's stored step: without progress (a first-time visitor, whom the app
// would send to the landing page anyway) the address bar gets the landing page's path, so the
// app takes the HTML over as that page; with progress the HTML stays hidden
// (`html[data-stand-in]` in src/index.css) and the app draws the step itself (src/main.tsx).
// Storage that cannot be read counts as no progress, as in the app.
const STAND_IN_SCRIPT = `(function () {
  var script = document.currentScript;
  var step = null;
  try {
    step = JSON.parse(localStorage.getItem(script.getAttribute('data-key')) || 'null').state.step;
  } catch (e) {
    step = null;
  }
  if (step && step !== 'init') document.documentElement.setAttribute('data-stand-in', '');
  else history.replaceState(history.state, '', script.getAttribute('data-page'));
})();`;

/** The CSP source that allows the script inline: 'sha256-' and the base64 of its SHA-256. */
function standInScriptSource() {
  return `'sha256-${Buffer.from($security.sha256(STAND_IN_SCRIPT), 'hex').toString('base64')}'`;
}

module.exports = { STAND_IN_SCRIPT, standInScriptSource };
