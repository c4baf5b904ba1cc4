import { listFiles } from '../api/files/list-files';
import { DC_MESSAGES } from '../api/files/model';
import { uploadSalesFile } from '../api/files/upload-sales-file';
import { uploadStaffFile } from '../api/files/upload-staff-file';

import { dash } from './file-table';
import { UploadBlock } from './csv-upload-block';

const listSalesFiles = () => listFiles('sales_data_files');
const listBusinessPartnerFiles = () => listFiles('business_partner_number_files');
const listAuditResults = () => listFiles('audit_results');
const uploadBusinessPartnerFile = (file: File) => uploadStaffFile('business_partner_number_files', file);
const uploadAuditResults = (file: File) => uploadStaffFile('audit_results', file);

const AUDIT_NOTICE_MS = 3000;

export function SalesUploadBlock() {
  return (
    <UploadBlock
      title="Umsatzdaten hochladen"
      buttonLabel="Umsatzdaten hochladen"
      caption="Hochgeladene Umsatzdateien"
      help={
        <>
          <p>
            Die CSV-Datei muss genau die Felder <code>user</code> (User-ID), <code>bnr</code> (Haupt-Betriebsnummer des Leistungszentrums),{' '}
            <code>knr</code> (Kundennummer), <code>gpnr</code> (Geschäftspartnernummer), <code>deliverydate</code> (z. B. 2025-03-21) und{' '}
            <code>sales</code> enthalten, getrennt durch Komma oder Semikolon.
          </p>
          <p className="mt-1">
            Die Verarbeitung kann länger als 5 Sekunden dauern. Den Fortschritt sehen Sie hier live; sollte er stehen bleiben, aktualisieren
            Sie die Seite bitte manuell.
          </p>
        </>
      }

      list={listSalesFiles}
      listFailed={DC_MESSAGES.salesLoadFailed}
      upload={uploadSalesFile}
      uploadFailed={DC_MESSAGES.salesUploadFailed}
      countColumns={[
        { header: 'davon unverändert', cell: (r) => dash(r.unchangedDataCount) },
        { header: 'davon aktualisiert', cell: (r) => dash(r.updatedDataCount) },
        { header: 'davon neu', cell: (r) => dash(r.newDataCount) },
      ]}
      liveProgress
      keepOnTop
    />
  );
}

export function BusinessPartnerBlock() {
  return (
    <UploadBlock
      title="Geschäftspartnernummern hochladen"
      buttonLabel="Geschäftspartnernummern hochladen"
      caption="Geschäftspartnernummer-Dateien"
      help={
        <p>
          CSV mit den Spalten <code>user</code>, <code>bnr</code>, <code>knr</code> und <code>gpnr</code>. Die gpnr wird an der Verknüpfung
          der Werkstatt mit dem Leistungszentrum dieser bnr gespeichert.
        </p>
      }

      list={listBusinessPartnerFiles}
      listFailed={DC_MESSAGES.filesLoadFailed}
      upload={uploadBusinessPartnerFile}
      uploadFailed={DC_MESSAGES.uploadFailed}
      maxHeight={400}
    />
  );
}

export function AuditUploadBlock() {
  return (
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
          </ul>
        </>
      }

      countColumns={[{ header: 'Übersprungen', cell: (r) => dash(r.skippedRows) }]}
      list={listAuditResults}
      listFailed={DC_MESSAGES.auditResultsLoadFailed}
      upload={uploadAuditResults}
      uploadFailed={DC_MESSAGES.auditUploadFailed}
      noticeMs={AUDIT_NOTICE_MS}
      noFailedRows={DC_MESSAGES.noAuditFailedRows}
      maxHeight={400}
    />
  );
}
