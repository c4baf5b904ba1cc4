import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * What the sales import has staged in PocketBase's auxiliary database (pb_hooks/lib/
 * import-staging.js): the names of its staging tables and the files the merge cursor names,
 * read straight from auxiliary.db (nothing of it is reachable through the API).
 */
export function stagedState(dataDir: string): { tables: string[]; cursors: string[] } {
  const db = new Database(path.join(dataDir, 'auxiliary.db'), { readonly: true, fileMustExist: true });
  try {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'import_*' ORDER BY name").all() as { name: string }[]
    )
      .map((r) => r.name)
      .filter((name) => name !== 'import_cursor');
    const hasCursor = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'import_cursor'").get() !== undefined;
    const cursors = hasCursor
      ? (db.prepare('SELECT file FROM import_cursor ORDER BY file').all() as { file: string }[]).map((r) => r.file)
      : [];
    return { tables, cursors };
  } finally {
    db.close();
  }
}
