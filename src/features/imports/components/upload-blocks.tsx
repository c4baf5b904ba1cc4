import { UploadBlock } from '@/components/staff/csv-upload-block';
import { dash } from '@/components/staff/file-table';
import { listFiles } from '@/lib/api/list-staff-files';
import { uploadStaffFile } from '@/lib/api/upload-staff-file';
import { DC_MESSAGES } from '@/lib/staff/files';

import { uploadSalesFile } from '../api/upload-sales-file';

const listSalesFiles = () => listFiles('sales_data_files');
const listBusinessPartnerFiles = () => listFiles('business_partner_number_files');
const uploadBusinessPartnerFile = (file: File) => uploadStaffFile('business_partner_number_files', file);

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
            <code>sales</code> enthalten, getrennt durch Komma oder Semikolon. Ist <code>user</code> leer, gehört die Zeile der Werkstatt,
            die diese Kundennummer bei diesem Leistungszentrum angegeben hat (Buchstaben und Ziffern zählen, Groß- und Kleinschreibung
            nicht).
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
