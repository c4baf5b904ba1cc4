// What PocketBase's JS runtime (goja with goja_nodejs) offers beyond its generated types.d.ts,
// as far as the hooks use it. Checked with the hooks by `npm run typecheck` (tsconfig.hooks.json).

/** Node's Buffer as goja_nodejs provides it. */
declare const Buffer: {
  from(data: string, encoding: 'hex' | 'base64' | 'utf8'): { toString(encoding: 'hex' | 'base64' | 'utf8'): string };
};
