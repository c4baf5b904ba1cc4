import { crc32 } from 'node:zlib';

import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  text: string;
  utf8Name: boolean;
}

/**
 * The entries of a ZIP archive, read with yauzl (an independent reader), every entry's stored
 * CRC-32 checked against its bytes (node:zlib): what a user's unzip tool would accept.
 */
export function readZip(archive: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no archive'));
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (crc32(bytes) !== entry.crc32) return reject(new Error(`CRC mismatch in ${entry.fileName}`));
            entries.push({
              name: entry.fileName,
              bytes,
              text: bytes.toString('utf8'),
              utf8Name: (entry.generalPurposeBitFlag & 0x800) !== 0,
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The rows of one of the server's CSV files (BOM, ';', every cell quoted, CRLF) as objects by heading. */
export function csvRows(text: string): Record<string, string>[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
  const [head, ...rest] = lines.map(cells);
  return rest.map((row) => Object.fromEntries(head!.map((h, i) => [h, row[i] ?? ''])));
}
