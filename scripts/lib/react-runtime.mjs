// The SPA runs on Preact through its React compatibility layer (decision 026): the app's code,
// Radix, react-router and react-hook-form import 'react'; the build, the prerendering and the
// unit tests all resolve those imports to Preact, so every layer runs what the browser runs.
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Build warnings that are expected with Preact in React's place (the React plugin used to
 * hide the first): "use client" marks React server-component boundaries, which this app has
 * none of; react-router looks up React's useOptimistic, which Preact lacks, and falls back
 * when it is undefined.
 * @param {import('rolldown').RolldownLog} warning
 * @param {(warning: import('rolldown').RolldownLog) => void} warn
 */
export function onBuildWarning(warning, warn) {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
  warn(warning);
}
