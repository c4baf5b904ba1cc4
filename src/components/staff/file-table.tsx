import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import type { FileRecord } from '@/lib/staff/files';
import { formatDateTime } from '@/utils/format';

export const dash = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

/**
 * A file name that wraps after its separators (_ - .) rather than in the middle of a word;
 * only a part longer than the column breaks inside. `break-words`, not `anywhere`: the latter
 * lets a table squeeze the column to one letter, which broke names mid-part at 1280 px (issue 58).
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_.-])/);
  return (
    <span className="break-words">
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

/**
 * The data area's file list. From 640 px a table; narrower, each file is a card whose cells stack
 * with their column's name before them (issue 36: at 360 px the table scrolled sideways and hid
 * the download buttons). The explicit roles keep it a table for screen readers when CSS turns
 * its parts into blocks.
 */
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
    <div className="mt-4 sm:overflow-x-auto" style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      <table role="table" className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white max-sm:sr-only">
          <tr role="row" className="border-b-2 border-slate-300">
            {cols.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className="py-2 pr-4 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {records.map((r) => (
            <tr key={r.id} role="row" className="border-b border-slate-200 align-top max-sm:block max-sm:py-2">
              {cols.map((c) => (
                <td
                  key={c.header}
                  role="cell"
                  data-label={c.header}
                  className="py-2 pr-4 max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:pr-0 max-sm:before:w-32 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]"
                >
                  <div className="min-w-0">{c.cell(r)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
