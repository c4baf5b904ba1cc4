import js from '@eslint/js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

// Code flows shared -> features -> app. Shared code (components, lib, stores,
// utils, config) never imports features or the app; features never import the app.
const boundaryZones = [
  { target: './src/features', from: './src/app', message: 'Features must not import from the app layer.' },
  {
    target: ['./src/components', './src/lib', './src/stores', './src/utils', './src/config', './src/hooks'],
    from: ['./src/features', './src/app'],
    message: 'Shared code must not import features or the app layer.',
  },
];

// Features never import each other, including features that do not exist yet.
const featureOf = (file) => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
const boundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = featureOf(context.filename);
        if (!own) return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string') return;
          const target = spec.startsWith('@/')
            ? path.join(srcDir, spec.slice(2)) + path.sep
            : spec.startsWith('.')
              ? path.resolve(path.dirname(context.filename), spec) + path.sep
              : null;
          const other = target && featureOf(target);
          if (other && other !== own) {
            context.report({
              node,
              message: `Features must not import each other (${own} imports ${other}); move shared code to src/components, src/lib or src/utils.`,
            });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'pb_data', 'test-results', 'playwright-report', '.test-reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, boundaries },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'boundaries/no-cross-feature-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // PocketBase's JS runtime (goja): CommonJS modules and its own globals.
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js'],
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
        cronAdd: 'readonly',
        Collection: 'readonly',
        Record: 'readonly',
        TextField: 'readonly',
        BoolField: 'readonly',
        FileField: 'readonly',
        RelationField: 'readonly',
        NumberField: 'readonly',
        SelectField: 'readonly',
        DateField: 'readonly',
        MailerMessage: 'readonly',
        BadRequestError: 'readonly',
        ForbiddenError: 'readonly',
        NotFoundError: 'readonly',
        ApiError: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
