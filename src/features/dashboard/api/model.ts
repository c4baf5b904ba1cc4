// The campaign's figures as the server computes them (GET /api/portal/dashboard).

export interface Dashboard {
  /** The campaign the campaign figures are of (the one in force unless another was chosen). */
  campaign?: { id: string; label: string } | null;
  /** The released campaigns, newest first (issue 60: the dashboard filters by campaign). */
  campaigns?: { id: string; label: string; active: boolean }[];
  workshops: { total: number; verified: number };
  registrations: { week: string; total: number; verified: number }[];
  sales: { week: string; total: number; rows: number }[];
  codes: { issued: number; open: number; audit: number; closed: number; paid: number };
  backlog: { bucket: string; n: number }[];
  promise: { level: 'ok' | 'amber' | 'red'; n: number }[];
  centres: { name: string; city: string; workshops: number }[];
  /** The replica and the last full backup (issue 38, decision 037). */
  copies: {
    replica: { configured: boolean; kind: 'file' | 's3' | null; lastWriteAt: string | null; lagSeconds: number | null };
    lastBackupAt: string | null;
  };
}

export const DASHBOARD_MESSAGES = {
  failed: 'Die Kennzahlen konnten nicht geladen werden.',
} as const;
