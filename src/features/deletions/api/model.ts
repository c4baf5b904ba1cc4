/** A deletion that waits for its submissions and payouts (GET /api/portal/backoffice/deletions). */
export interface PendingDeletion {
  id: string;
  shopName: string;
  email: string;
  requestedAt: string;
  /** The GDPR's answer-by date: one month after the request. */
  dueBy: string;
  waitingFor: { submissions: number; payouts: number };
}
