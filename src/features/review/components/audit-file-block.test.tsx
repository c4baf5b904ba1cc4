import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { FileRecord } from '@/lib/staff/files';

import { createAuditFile } from '../api/create-audit-file';
import { loadAuditFile } from '../api/load-audit-file';
import { newestAuditFile } from '../api/newest-audit-file';
import { AuditFileBlock } from './audit-file-and-invoice-check';

vi.mock('../api/newest-audit-file', () => ({ newestAuditFile: vi.fn() }));
vi.mock('../api/create-audit-file', () => ({ createAuditFile: vi.fn() }));
vi.mock('../api/load-audit-file', () => ({ loadAuditFile: vi.fn() }));

const stored = {
  id: 'pruef0000000001',
  collectionId: 'c',
  collectionName: 'submission_audit_files',
  filename: 'pruefdatei.csv',
  file: 'pruefdatei_x.csv',
  created: '2025-09-15 08:00:00.000Z',
  totalRows: 3,
} as FileRecord;

describe('the audit file block', () => {
  it('says when there is no audit file yet, and offers the first once it is made', async () => {
    vi.mocked(newestAuditFile).mockResolvedValue(null);
    vi.mocked(createAuditFile).mockResolvedValue({ ...stored, totalRows: undefined });
    vi.mocked(loadAuditFile).mockResolvedValue(stored);
    render(<AuditFileBlock />);
    expect(await screen.findByText('Keine Prüfdatei zum Herunterladen verfügbar.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Neue Prüfdatei erstellen' }));
    expect(await screen.findByRole('button', { name: 'Download Prüfdatei vom 15.09.2025' })).toBeVisible();
    expect(screen.getByText(/3 Einreichungen in/)).toBeVisible();
    expect(screen.queryByText('Keine Prüfdatei zum Herunterladen verfügbar.')).toBeNull();
    expect(loadAuditFile).toHaveBeenCalledWith(stored.id);
  });
});
