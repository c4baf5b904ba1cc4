/// <reference path="../../pb_data/types.d.ts" />

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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of the bytes a hex string spells (the runtime has no btoa). */
function hexToBase64(hex) {
  const bytes = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}

/** The CSP source that allows the script inline: 'sha256-' and the base64 of its SHA-256. */
function standInScriptSource() {
  return `'sha256-${hexToBase64($security.sha256(STAND_IN_SCRIPT))}'`;
}

module.exports = { STAND_IN_SCRIPT, standInScriptSource };
