import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/** 'Neue Registrierungsdatei erstellen' (administrators): the server writes it while the request runs. */
export const createRegistrationFile = () =>
  withSession(() => pb.send<FileRecord>('/api/portal/registration-files', { method: 'POST', requestKey: null }));
