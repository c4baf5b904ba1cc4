import { useState } from 'react';

import { UploadBlock } from '@/components/staff/csv-upload-block';
import { dash } from '@/components/staff/file-table';
import { listFiles } from '@/lib/api/list-staff-files';
import { uploadStaffFile } from '@/lib/api/upload-staff-file';
import { DC_MESSAGES } from '@/lib/staff/files';

import { HeldAuditRows } from './held-audit-rows';

const listAuditResults = () => listFiles('audit_results');
const uploadAuditResults = (file: File) => uploadStaffFile('audit_results', file);

const AUDIT_NOTICE_MS = 3000;

/**
 * The audit file back from the auditors, with Checked and Faulty filled in. Rows that would decide
 * a submission with review signals wait below for confirmation (issue 58).
 */
export function AuditUploadBlock() {
  const [uploaded, setUploaded] = useState(0);
  return (
    <>
      <UploadBlock
        title="Prüfdatei hochladen"
        buttonLabel="Prüfdatei hochladen"
        caption="Hochgeladene Prüfdateien"
        help={
          <>
            <p>Laden Sie die Prüfdatei nach der Bearbeitung wieder hoch, mit denselben Spalten.</p>
            <ul className="mt-1 list-disc pl-5">
              <li>
                <strong>Checked</strong>: 1, wenn die Rechnung vorhanden ist; 0, wenn nicht.
              </li>
              <li>
                <strong>Faulty</strong>: 0, wenn die Rechnung vollständig und lesbar ist; 1, wenn sie unlesbar oder unvollständig ist.
              </li>
              <li>Zeilen, in denen Checked und Faulty leer sind, gelten als noch nicht geprüft und werden übersprungen.</li>
              <li>Zeilen zu Einreichungen mit Hinweisen gelten erst, wenn Sie sie unten bestätigen.</li>
            </ul>
          </>
        }

        countColumns={[
          { header: 'Übersprungen', cell: (r) => dash(r.skippedRows) },
          { header: 'Wartet auf Bestätigung', cell: (r) => dash(r.heldRows) },
        ]}
        list={listAuditResults}
        listFailed={DC_MESSAGES.auditResultsLoadFailed}
        upload={uploadAuditResults}
        uploadFailed={DC_MESSAGES.auditUploadFailed}
        noticeMs={AUDIT_NOTICE_MS}
        noFailedRows={DC_MESSAGES.noAuditFailedRows}
        maxHeight={400}
        onUploaded={() => setUploaded((n) => n + 1)}
      />
      <HeldAuditRows version={uploaded} />
    </>
  );
}
