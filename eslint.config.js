import js from '@eslint/js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
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

const boundaries = {
  rules: {
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
    ignores: ['dist', 'dist-e2e', 'node_modules', 'pb_data', 'test-results', 'playwright-report', '.test-reports', 'pb_hooks/lib/vendor'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Dropping fields with a rest pattern (`const { id, ...rest } = r`) is a deliberate idiom.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, boundaries, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.app.json' })],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/layers': 'error',
      // No import cycles, type-only and lazy imports included (a cycle is a seam in the wrong place).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  { files: ['src/features/*/api/**/*.ts', 'src/lib/api/**/*.ts', 'src/**/*.test.{ts,tsx}', 'src/testing/**'], rules: { 'no-restricted-syntax': 'off' } },
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
        $apis: 'readonly',
        $http: 'readonly',
        $mails: 'readonly',
        $filesystem: 'readonly',
        $dbx: 'readonly',
        $tokens: 'readonly',
        __hooks: 'readonly',
        migrate: 'readonly',
        onBootstrap: 'readonly',
        onRecordAfterCreateSuccess: 'readonly',
        onRecordAfterDeleteSuccess: 'readonly',
        onRecordCreateRequest: 'readonly',
        onRecordUpdateRequest: 'readonly',
        routerAdd: 'readonly',
        routerUse: 'readonly',
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
        NotFoundError: 'readonly',
        ApiError: 'readonly',
        onRecordAfterUpdateSuccess: 'readonly',
        arrayOf: 'readonly',
        DynamicModel: 'readonly',
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
      },
    },
    rules: {
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
