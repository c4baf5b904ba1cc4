import { clsx, type ClassValue } from 'clsx';

// A small stand-in for tailwind-merge (8.5 kB gzip on the landing page's
// critical path, see docs/decisions/010-front-end-budget.md): when two classes
// set the same utility group under the same variants, the later one wins.
// It knows the groups the portal's components let callers override; classes
// outside them are kept as they are.
const GROUPS: [RegExp, string][] = [
  [/^text-(xs|sm|base|lg|xl|\dxl)$/, 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-/, 'text-color'],
  [/^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^bg-/, 'bg'],
  [/^(max-w|min-w|max-h|min-h|size|w|h)-/, '$1'],
  [/^-?(p|px|py|pt|pr|pb|pl|m|mx|my|mt|mr|mb|ml|gap|gap-x|gap-y)-/, '$1'],
  [/^rounded(-|$)/, 'rounded'],
  [/^(block|inline-block|inline|flex|inline-flex|grid|hidden)$/, 'display'],
];

function groupOf(cls: string): string | null {
  const cut = cls.lastIndexOf(':');
  const variants = cls.slice(0, cut + 1);
  const base = cls.slice(cut + 1).replace(/^!/, '');
  for (const [pattern, name] of GROUPS) {
    const match = base.match(pattern);
    if (match) return variants + name.replace('$1', match[1] ?? '');
  }
  return null;
}

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(' ').filter(Boolean);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const cls of classes.reverse()) {
    const group = groupOf(cls);
    if (group) {
      if (seen.has(group)) continue;
      seen.add(group);
    }
    kept.push(cls);
  }
  return kept.reverse().join(' ');
}
