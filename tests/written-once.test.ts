import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 36: a rule, a limit or a German message is written once, in the rulebook (src/rules) or
// a shared module, and used by the SPA and the hooks alike. This check reads the product code
// (the SPA's src without tests, the hooks without the bundled vendor files) and finds German
// messages written in more than one file, and limits spelled out where the rulebook has them.

const root = path.resolve(import.meta.dirname, '..');

function productFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'pb_hooks', 'scripts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|m?js)$/.test(f) && !/\.test\.tsx?$|^src\/testing\/|^pb_hooks\/vendor\/|\.d\.ts$/.test(f));
}

/**
 * What stands on the benchmark's and the tests' made-up invoices (scripts/lib/invoice-samples.mjs):
 * the text of a dealer's invoice, which the reader reads, not a message of the portal.
 */
const INVOICE_TEXT = new Set(['scripts/lib/invoice-samples.mjs']);

/**
 * The data export's column headings: the format of the workshop's file, written beside the
 * statements that fill each column (pb_hooks/lib/data-export-topics.js), as a CSV's header is.
 */
const FILE_FORMATS = new Set(['pb_hooks/lib/data-export-topics.js']);

/** The code without its comments (strings are kept whole: a '//' inside one stays). */
export function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < source.length) {
    const c = source[i]!;
    if (quote) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === quote) quote = null;
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
      i++;
    }
  }
  return out;
}

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
/** Umlauts or one of `words`: what makes a text German to these checks. */
const germanBy = (words: string[]) => new RegExp(`[äöüßÄÖÜ]|\\b(?:${words.join('|')})\\b`);
const SENTENCE_WORDS = [
  'der',
  'die',
  'das',
  'und',
  'ist',
  'nicht',
  'Bitte',
  'bitte',
  'Sie',
  'ein',
  'eine',
  'werden',
  'wurde',
  'kann',
  'keine',
  'Ihre',
  'mit',
];
const GERMAN = germanBy(SENTENCE_WORDS);

/** German messages: sentences (ending in . ! or ?) of at least 15 characters, placeholders as '…'. */
export function messagesOf(code: string): string[] {
  return [...code.matchAll(LITERAL)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, '…'))
    .filter((s) => s.length >= 15 && / /.test(s) && /[.!?]$/.test(s) && GERMAN.test(s));
}

// Labels and reasons are short: a few more words that mark them.
const GERMAN_WORDS = germanBy([...SENTENCE_WORDS, 'jetzt', 'ansehen', 'nach', 'Nach', 'Tage', 'Zeile', 'Zum', 'erneut']);

const SQL = /\b(?:SELECT|UPDATE|INSERT|DELETE|WHERE)\b/;

/**
 * German text of any kind, not only sentences: a reason in the staff log, a mail's button, a row's
 * refusal, a label (a line of a literal with a space and a German word). In a line of SQL, its
 * own quoted strings are what is read.
 */
export function germanTextsOf(code: string): string[] {
  return [...code.matchAll(LITERAL)]
    .flatMap((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, '…').split('\n'))
    .flatMap((line) => (SQL.test(line) ? [...line.matchAll(/'((?:[^']|'')*)'/g)].map((q) => q[1] ?? '') : [line]))
    .map((s) => s.trim())
    .filter((s) => s.length >= 8 && / /.test(s) && GERMAN_WORDS.test(s));
}

describe('written once', () => {
  const files = productFiles();
  const code = new Map(files.map((f) => [f, withoutComments(readFileSync(path.join(root, f), 'utf8'))]));

  it('the check itself: comments are no code, and a message twice is found', () => {
    expect(withoutComments("const a = 'x'; // 'Bitte geben Sie einen Grund an.'\n/* 'Nicht gesendet.' */ const b = '//';")).toBe(
      "const a = 'x'; \n const b = '//';",
    );
    expect(messagesOf("throw new Error(`Bitte laden Sie ${n} Dateien hoch.`); label('Speichern')")).toEqual([
      'Bitte laden Sie … Dateien hoch.',
    ]);
    // Texts without a full stop count for the hooks: a staff-log reason, a button, a label inside SQL.
    expect(
      germanTextsOf(
        "reason: 'Auf Wunsch der Werkstatt (Profil)', text: 'Cashback jetzt einlösen', id: 'x1', sql: `UPDATE t SET e = CASE WHEN e = '' THEN 'Nach 24 Stunden aufgegeben.' END`",
      ),
    ).toEqual(['Auf Wunsch der Werkstatt (Profil)', 'Cashback jetzt einlösen', 'Nach 24 Stunden aufgegeben.']);
  });

  it('no German message stands in two files of the product', () => {
    const where = new Map<string, string[]>();
    for (const [file, text] of code) for (const m of new Set(messagesOf(text))) where.set(m, [...(where.get(m) ?? []), file]);
    const twice = [...where].filter(([, inFiles]) => inFiles.length > 1).map(([m, inFiles]) => `${m} (${inFiles.join(', ')})`);
    expect(files.length).toBeGreaterThan(150);
    expect(where.size).toBeGreaterThan(200);
    expect(twice).toEqual([]);
  });

  it('the limits the rulebook has are not spelled out elsewhere', () => {
    const spelled = [
      { limit: 'the invoice size', pattern: /\b5 ?\* ?1024 ?\* ?1024\b|\b5 ?MB\b/ },
      { limit: 'the invoice types', pattern: /'image\/png', 'image\/jpeg', 'application\/pdf'/ },
      { limit: 'the id length', pattern: /\{1,30\}|maxLength=\{30\}|> 30\b/ },
      { limit: 'the lockout', pattern: /15 Minuten/ },
    ];
    const found = [...code]
      .filter(([file]) => !file.startsWith('src/rules/'))
      .flatMap(([file, text]) => spelled.filter((s) => s.pattern.test(text)).map((s) => `${s.limit}: ${file}`));
    expect(found).toEqual([]);
  });

  it('every German sentence of the hooks and the scripts comes from the rulebook (src/rules)', () => {
    const outside = [...code]
      .filter(([file]) => /^(pb_hooks|scripts)\//.test(file) && !INVOICE_TEXT.has(file))
      .flatMap(([file, text]) => messagesOf(text).map((m) => `${file}: ${m}`));
    expect([...code.keys()].filter((f) => f.startsWith('scripts/')).length).toBeGreaterThan(50);
    expect(outside).toEqual([]);
  });

  it('every German text of the hooks, labels and reasons included, comes from the rulebook', () => {
    const outside = [...code]
      .filter(([file]) => file.startsWith('pb_hooks/') && !FILE_FORMATS.has(file))
      .flatMap(([file, text]) => germanTextsOf(text).map((m) => `${file}: ${m}`));
    expect([...code.keys()].filter((f) => f.startsWith('pb_hooks/')).length).toBeGreaterThan(40);
    expect(outside).toEqual([]);
  });
});
