import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { CopiesNote } from './dashboard-block';

// Issue 38: the dashboard says where the portal's copies stand.
describe('CopiesNote', () => {
  it('a replica in step: when it was last written and its lag, and the last full backup', () => {
    render(
      <CopiesNote
        copies={{
          replica: { configured: true, kind: 'file', lastWriteAt: '2026-11-26T14:00:00.000Z', lagSeconds: 0.2 },
          lastBackupAt: '2026-11-26T02:30:00.000Z',
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Datensicherung: Replikat zuletzt geschrieben: 26.11.2026, 15:00, Rückstand 0,2 s. Letzte Vollsicherung: 26.11.2026, 03:30.',
    );
  });

  it('no replica: a warning that a lost disk loses everything since the last backup', () => {
    render(<CopiesNote copies={{ replica: { configured: false, kind: null, lastWriteAt: null, lagSeconds: null }, lastBackupAt: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent(/Kein Replikat eingerichtet.*Letzte Vollsicherung: noch keine\./);
    expect(screen.getByRole('status').className).toContain('amber');
  });

  it('a replica more than 5 s behind is a warning', () => {
    render(
      <CopiesNote
        copies={{
          replica: { configured: true, kind: 'file', lastWriteAt: '2026-11-26T14:00:00.000Z', lagSeconds: 12 },
          lastBackupAt: null,
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Rückstand 12 s');
    expect(screen.getByRole('status').className).toContain('amber');
  });

  it('an S3 replica: its lag as Litestream reports it, a warning when it is unknown', () => {
    const { rerender } = render(
      <CopiesNote
        copies={{ replica: { configured: true, kind: 's3', lastWriteAt: '2026-11-26T14:00:00.000Z', lagSeconds: 0.4 }, lastBackupAt: null }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Replikat (S3) zuletzt geschrieben: 26.11.2026, 15:00, Rückstand 0,4 s.');
    expect(screen.getByRole('status').className).not.toContain('amber');
    rerender(
      <CopiesNote
        copies={{
          replica: { configured: true, kind: 's3', lastWriteAt: '2026-11-26T14:00:00.000Z', lagSeconds: null },
          lastBackupAt: null,
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Rückstand unbekannt');
    expect(screen.getByRole('status').className).toContain('amber');
    rerender(
      <CopiesNote copies={{ replica: { configured: true, kind: 's3', lastWriteAt: null, lagSeconds: null }, lastBackupAt: null }} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Replikat (S3) eingerichtet; sein Rückstand wird hier nicht gemessen.');
  });
});
