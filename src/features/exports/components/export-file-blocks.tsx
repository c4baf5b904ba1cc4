import { RefreshCw } from 'lucide-react';
import { useCallback, useState } from 'react';

import { Block, ErrorAlert, ListState } from '@/components/staff/block';
import { CampaignSelect } from '@/components/staff/campaign-filter';
import { useDownload, useFiles } from '@/components/staff/file-downloads';
import { columns, dash, DownloadButton, FileTable, type Column } from '@/components/staff/file-table';
import { Button } from '@/components/ui/button';
import { useLoad } from '@/hooks/use-load';
import { listCampaignOptions } from '@/lib/api/list-campaign-options';
import { listFiles } from '@/lib/api/list-staff-files';
import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';
import { useSessionStore } from '@/stores/session';

import { createRegistrationFile } from '../api/create-registration-file';
import { createUserFile } from '../api/create-user-file';

const listRegistrationFiles = () => listFiles('workshop_files');
const listUserFiles = () => listFiles('user_file');

// The files the server writes for staff: registrations (both roles) and user data (administrators).

/** 'Neue … erstellen': the server writes a file while the request runs; it goes on top of the list. */
function useCreateFile(prepend: (record: FileRecord) => void, make: () => Promise<FileRecord>, failMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    setError(null);
    setBusy(true);
    try {
      prepend(await make());
    } catch (err) {
      console.error(err);
      setError(failMessage);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, create };
}

export function RegistrationFilesBlock() {
  const role = useSessionStore((s) => s.role);
  const files = useFiles(listRegistrationFiles, DC_MESSAGES.loadFailed);
  const { download, error } = useDownload();
  const { busy, error: createError, create } = useCreateFile(files.prepend, createRegistrationFile, DC_MESSAGES.fileCreateFailed);
  const cols: Column[] = [
    columns.file,
    columns.createdAt,
    { header: 'Registrierungen', cell: (r) => String(r.totalRows ?? 0) },
    {
      header: 'Download',
      cell: (r) => <DownloadButton label={`${r.filename} herunterladen`} disabled={!r.id} onClick={() => void download(r, 'file')} />,
    },
  ];
  return (
    <Block title="Registrierungsdaten" help="Die Dateien der registrierten Werkstätten; die Datei wird täglich neu erstellt.">
      {role === 'Administrator' && (
        <div className="mt-4">
          <Button disabled={busy} onClick={() => void create()}>
            {busy ? 'Wird erstellt...' : 'Neue Registrierungsdatei erstellen'}
          </Button>
        </div>
      )}
      <ErrorAlert message={createError} />
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Registrierungsdateien" records={files.records} cols={cols} />}
      <ErrorAlert message={error} />
    </Block>
  );
}

export function UserFilesBlock() {
  const files = useFiles(listUserFiles, DC_MESSAGES.userFilesLoadFailed);
  const { download, error: downloadError } = useDownload();
  // Issue 60: a file of one campaign's participants, or of every workshop.
  const campaigns = useLoad(listCampaignOptions, []);
  const [campaign, setCampaign] = useState('');
  const chosen = campaigns.data.find((c) => c.id === campaign);
  const make = useCallback(() => createUserFile(chosen ? { id: chosen.id, year: chosen.year } : undefined), [chosen]);
  const { busy, error, create } = useCreateFile(files.prepend, make, DC_MESSAGES.userFileCreateFailed);
  const cols: Column[] = [
    columns.file,
    columns.createdAt,
    { header: 'Registrierte User', cell: (r) => dash(r.totalUsers) },
    {
      header: 'Download',
      cell: (r) => <DownloadButton label={`${r.filename} herunterladen`} disabled={!r.file} onClick={() => void download(r, 'file')} />,
    },
  ];
  return (
    <Block
      title="Userdaten herunterladen"
      help="Eine Zeile je Werkstatt und verknüpftem Leistungszentrum, mit Kontakt, Adresse, bnr, knr und gpnr. Mit einer gewählten Aktion nur die Werkstätten mit Umsatz oder Codes in ihr."
    >
      <CampaignSelect campaigns={campaigns.data} value={campaign} onChange={setCampaign} allLabel="Alle Werkstätten" />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void create()}>
          {busy ? 'Wird erstellt...' : 'Neue Userdaten-Datei erstellen'}
        </Button>
        <Button variant="outline" onClick={() => void files.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Aktualisieren
        </Button>
      </div>
      <ErrorAlert message={error} />
      <ErrorAlert message={downloadError} />
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Userdaten-Dateien" records={files.records} cols={cols} />}
    </Block>
  );
}
