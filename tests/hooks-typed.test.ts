import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 62: the hooks are type-checked with `strict: true` (scripts/typecheck-hooks.mjs, in
// `npm test` through `npm run typecheck`), which makes every parameter carry a JSDoc type; and each
// function a hook module exports says in a JSDoc comment what it does.
const root = path.resolve(import.meta.dirname, '..');
const lib = path.join(root, 'pb_hooks', 'lib');
const modules = readdirSync(lib, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(lib, f));

/** The names a module exports (`module.exports = { … }`) that are functions it declares without a JSDoc comment. */
function undocumented(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const declared = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declared.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          declared.set(d.name.text, statement);
      }
    }
  }
  const exported: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && node.left.getText(source) === 'module.exports' && ts.isObjectLiteralExpression(node.right)) {
      for (const p of node.right.properties) if (p.name) exported.push(p.name.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return exported.filter((name) => {
    const node = declared.get(name);
    return node !== undefined && ts.getJSDocCommentsAndTags(node).length === 0;
  });
}

describe('the hooks are typed', () => {
  it('tsconfig.hooks.json is strict and turns none of strict’s checks off', () => {
    const text = readFileSync(path.join(root, 'tsconfig.hooks.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const { compilerOptions } = JSON.parse(text) as { compilerOptions: Record<string, unknown> };
    expect(compilerOptions.strict).toBe(true);
    const downgraded = Object.entries(compilerOptions).filter(
      ([key, value]) => /^(strict|noImplicit|alwaysStrict|useUnknown)/.test(key) && value === false,
    );
    expect(downgraded).toEqual([]);
  });

  it('every function a hook module exports has a JSDoc comment', () => {
    expect(modules.length).toBeGreaterThan(40);
    const missing = modules.flatMap((file) => undocumented(file).map((name) => `${path.relative(root, file)}: ${name}`));
    expect(missing).toEqual([]);
  });
});
