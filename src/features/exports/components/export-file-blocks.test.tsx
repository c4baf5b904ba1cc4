import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { listFiles } from '@/lib/api/list-staff-files';
import type { FileRecord } from '@/lib/staff/files';
import { useSessionStore } from '@/stores/session';

import { createRegistrationFile } from '../api/create-registration-file';
import { RegistrationFilesBlock } from './export-file-blocks';

vi.mock('@/lib/api/list-staff-files', () => ({ listFiles: vi.fn() }));
vi.mock('../api/create-registration-file', () => ({ createRegistrationFile: vi.fn() }));
const list = vi.mocked(listFiles);
const create = vi.mocked(createRegistrationFile);

const file = (id: string, filename: string, totalRows: number) =>
  ({ id, collectionId: 'c', collectionName: 'workshop_files', filename, created: '2025-09-15 08:00:00.000Z', totalRows }) as FileRecord;

/** The file names in the table's body, top to bottom (role queries by name are slow in jsdom). */
const listed = () => [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);

afterEach(() => useSessionStore.setState({ role: null, username: null, loaded: false }));

describe('the registration files', () => {
  it('lists the newest file; an administrator’s new file goes on top', async () => {
    useSessionStore.setState({ role: 'Administrator', username: 'A. Admin', loaded: true });
    list.mockResolvedValue([file('f1', 'registrierungen_2025-09-14.csv', 12)]);
    create.mockResolvedValue(file('f2', 'registrierungen_2025-09-15.csv', 13));
    render(<RegistrationFilesBlock />);
    await waitFor(() => expect(listed()).toEqual(['registrierungen_2025-09-14.csv']));
    await userEvent.click(screen.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' }));
    await waitFor(() => expect(listed()).toEqual(['registrierungen_2025-09-15.csv', 'registrierungen_2025-09-14.csv']));
  });

  it('says when there is no file yet (SPEC section 2)', async () => {
    useSessionStore.setState({ role: 'Auditor', username: 'P. Prüfer', loaded: true });
    list.mockResolvedValue([]);
    render(<RegistrationFilesBlock />);
    expect(await screen.findByText('Keine Dateien verfügbar.')).toBeVisible();
    expect(document.querySelector('table')).toBeNull();
  });

  it('says when a new file cannot be made', async () => {
    useSessionStore.setState({ role: 'Administrator', username: 'A. Admin', loaded: true });
    list.mockResolvedValue([]);
    create.mockRejectedValue(new Error('500'));
    render(<RegistrationFilesBlock />);
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Registrierungsdatei erstellen' }));
    expect(await screen.findByText('Beim Erstellen der Datei ist ein Fehler aufgetreten.')).toBeVisible();
  });

  it('offers auditors the files but no new one', async () => {
    useSessionStore.setState({ role: 'Auditor', username: 'P. Prüfer', loaded: true });
    list.mockResolvedValue([file('f1', 'registrierungen_2025-09-14.csv', 12)]);
    render(<RegistrationFilesBlock />);
    await waitFor(() => expect(listed()).toEqual(['registrierungen_2025-09-14.csv']));
    expect(screen.queryByRole('button', { name: 'Neue Registrierungsdatei erstellen' })).not.toBeInTheDocument();
  });
});
