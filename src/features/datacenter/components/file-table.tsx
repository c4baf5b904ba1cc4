import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/utils/format';

import type { FileRecord } from '../api/files/model';

export const dash = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

/**
 * A file name that wraps after its separators (_ - .) rather than in the middle of a word;
 * only a part longer than the column breaks inside.
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_.-])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </span>
  );
}

export interface Column {
  header: string;
  cell: (record: FileRecord) => ReactNode;
}

export const columns = {
  file: { header: 'Datei', cell: (r: FileRecord) => <FileName name={r.filename} /> } satisfies Column,
  // Server-written files can be made several times a day: the time tells them apart.
  createdAt: { header: 'Erstellt am', cell: (r: FileRecord) => formatDateTime(r.created) } satisfies Column,
  uploadedOn: { header: 'Hochgeladen am', cell: (r: FileRecord) => formatDateTime(r.created) } satisfies Column,
};

export function DownloadButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    // relative: the visually hidden label is positioned inside the button, not at the page's edge (360 px).
    <Button variant="outline" size="sm" disabled={disabled} onClick={onClick} aria-label={label} className="relative">
      <Download aria-hidden="true" className="size-4" />
      <span className="sr-only sm:not-sr-only">Download</span>
    </Button>
  );
}

export function FileTable({
  caption,
  records,
  cols,
  maxHeight,
}: {
  caption: string;
  records: FileRecord[];
  cols: Column[];
  maxHeight?: number;
}) {
  return (
    <div className="mt-4 overflow-x-auto" style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white">
          <tr className="border-b-2 border-slate-300">
            {cols.map((c) => (
              <th key={c.header} scope="col" className="py-2 pr-4 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.id} className="border-b border-slate-200 align-top">
              {cols.map((c) => (
                <td key={c.header} className="py-2 pr-4">
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
