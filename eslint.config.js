import js from '@eslint/js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

// Code flows shared -> features -> app: shared code (components, lib, stores,
// utils, config, hooks) never imports features or the app; features never import
// the app or each other, including features that do not exist yet.
const SHARED = new Set(['components', 'lib', 'stores', 'utils', 'config', 'hooks', 'testing', 'types', 'rules']);

/** Which layer a path in src/ belongs to: { layer: 'app' | 'feature' | 'shared', feature? }. */
function layerOf(file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'app') return { layer: 'app' };
  if (top === 'features' && second) return { layer: 'feature', feature: second };
  if (SHARED.has(top)) return { layer: 'shared' };
  return null;
}

/** The file an import specifier of `from` points at in src/, or null (packages, assets). */
function resolveInSrc(from, spec) {
  const base = spec.startsWith('@/')
    ? path.join(srcDir, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

// Static imports and re-exports only (type-only ones included): a lazy import() is a
// deliberate seam and may point back.
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/gm;
const importsCache = new Map();
const importsIn = (file, source) => [...source.matchAll(IMPORT)].map((m) => resolveInSrc(file, m[1])).filter(Boolean);
function importsOf(file) {
  if (!importsCache.has(file)) importsCache.set(file, importsIn(file, readFileSync(file, 'utf8')));
  return importsCache.get(file);
}

/** A path of imports from `start` back to `start`, or null. */
function cycleFrom(start) {
  const seen = new Set();
  const walk = (file, trail) => {
    for (const next of importsOf(file)) {
      if (next === start) return [...trail, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

const boundaries = {
  rules: {
    // No import cycles in src (a cycle is a seam in the wrong place).
    'no-cycle': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          'Program:exit'(node) {
            // The file as the linter sees it (it may be unsaved, or not on disk at all).
            importsCache.set(context.filename, importsIn(context.filename, context.sourceCode.text));
            const cycle = cycleFrom(context.filename);
            if (cycle) {
              const names = cycle.map((f) => path.relative(srcDir, f)).join(' -> ');
              context.report({ node, message: `Import cycle: ${names}` });
            }
          },
        };
      },
    },
    // An api file holds one operation (model.ts holds a feature's types, messages and pure
    // helpers), so a call is found by its file name and changed without touching others.
    'one-operation': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        if (/(^|\/)model\.ts$|\.test\.tsx?$/.test(context.filename)) return {};
        const exported = [];
        const isFunction = (n) => n?.type === 'ArrowFunctionExpression' || n?.type === 'FunctionExpression';
        return {
          'Program > ExportNamedDeclaration'(node) {
            const d = node.declaration;
            if (d?.type === 'FunctionDeclaration') exported.push([d, d.id.name]);
            if (d?.type === 'VariableDeclaration') for (const v of d.declarations) if (isFunction(v.init)) exported.push([v, v.id.name]);
          },
          'Program:exit'() {
            for (const [node, name] of exported.slice(1))
              context.report({
                node,
                message: `One operation per api file: move ${name} to a file of its own (types and messages go to model.ts).`,
              });
          },
        };
      },
    },
    layers: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const target = spec.startsWith('@/')
            ? path.join(srcDir, spec.slice(2))
            : spec.startsWith('.')
              ? path.resolve(path.dirname(context.filename), spec)
              : null;
          const to = target && layerOf(target);
          if (!to) return;
          let message = null;
          if (from.layer === 'shared' && to.layer !== 'shared') message = 'Shared code must not import features or the app layer.';
          else if (from.layer === 'feature' && to.layer === 'app') message = 'Features must not import from the app layer.';
          else if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature) {
            message = `Features must not import each other (${from.feature} imports ${to.feature}); move shared code to src/components, src/lib or src/utils.`;
          }
          if (message) context.report({ node, message });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'dist*-render',
      'node_modules',
      'pb_data',
      'test-results',
      'playwright-report',
      '.test-reports',
      'pb_hooks/vendor',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Dropping fields with a rest pattern (`const { id, ...rest } = r`) is a deliberate idiom.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/layers': 'error',
      'boundaries/no-cycle': 'error',
      // PocketBase calls live in api files: features/<f>/api for one feature, lib/api for the
      // few that several features share; the client itself is src/lib/pocketbase.ts.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='pb'][callee.property.name=/^(collection|send)$/]",
          message: 'PocketBase calls belong in src/features/<feature>/api or src/lib/api.',
        },
      ],
      // zod only through src/lib/zod.ts, which switches off its CSP-violating JIT.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from '@/lib/zod' (jitless, CSP-safe).", allowTypeImports: true }] },
      ],
    },
  },
  { files: ['src/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/features/*/api/**/*.ts', 'src/lib/api/**/*.ts', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  { files: ['src/features/*/api/**/*.ts', 'src/lib/api/**/*.ts'], rules: { 'boundaries/one-operation': 'error' } },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // PocketBase's JS runtime (goja): CommonJS modules and its own globals.
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js', 'tests/helpers/hooks/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        ...globals.commonjs,
        $app: 'readonly',
        $os: 'readonly',
        $security: 'readonly',
        // goja_nodejs's Buffer, which PocketBase enables in every JS runtime.
        Buffer: 'readonly',
        $apis: 'readonly',
        $http: 'readonly',
        $mails: 'readonly',
        $filesystem: 'readonly',
        $dbx: 'readonly',
        $tokens: 'readonly',
        __hooks: 'readonly',
        migrate: 'readonly',
        onBootstrap: 'readonly',
        onBackupCreate: 'readonly',
        onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterDeleteSuccess: 'readonly',
        onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly',
        routerAdd: 'readonly',
        routerUse: 'readonly',
        onRealtimeSubscribeRequest: 'readonly',
        onFileDownloadRequest: 'readonly',
        onRecordAuthWithPasswordRequest: 'readonly',
        cronAdd: 'readonly',
        Collection: 'readonly',
        Record: 'readonly',
        TextField: 'readonly',
        BoolField: 'readonly',
        JSONField: 'readonly',
        FileField: 'readonly',
        RelationField: 'readonly',
        NumberField: 'readonly',
        SelectField: 'readonly',
        DateField: 'readonly',
        MailerMessage: 'readonly',
        BadRequestError: 'readonly',
        TooManyRequestsError: 'readonly',
        ValidationError: 'readonly',
        ForbiddenError: 'readonly',
        UnauthorizedError: 'readonly',
        NotFoundError: 'readonly',
        ApiError: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly',
        arrayOf: 'readonly',
        DynamicModel: 'readonly',
        Middleware: 'readonly',
        readerToString: 'readonly',
        toString: 'readonly',
        toBytes: 'readonly',
        sleep: 'readonly',
        $template: 'readonly',
        onRecordAuthRequest: 'readonly',
        onMailerRecordVerificationSend: 'readonly',
        onMailerRecordPasswordResetSend: 'readonly',
        onMailerRecordOTPSend: 'readonly',
        onMailerRecordAuthAlertSend: 'readonly',
        onMailerRecordEmailChangeSend: 'readonly',
        onRecordRequestEmailChangeRequest: 'readonly',
        onRecordConfirmEmailChangeRequest: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // No fixed sleeps in tests (issue 33): a test waits for the server by polling (`until` in
    // tests/helpers/poll.ts) and paces a scenario it acts out with `pace`; fake timers for the app's own.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'src/**/*.test.{ts,tsx}'],
    ignores: ['tests/helpers/poll.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleeps: wait for what the page shows (expect(...).toBeVisible(), waitForLoadState) instead.',
        },
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No fixed sleeps: poll with until() (tests/helpers/poll.ts), pace() a scenario, or use fake timers.',
        },
      ],
    },
  },
);
