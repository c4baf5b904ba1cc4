import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RETENTION, keepBookingVoucherUntil } from '@/rules/privacy';

import { DATENSCHUTZ_TEXT, DatenschutzPage } from './datenschutz-page';

describe('the Datenschutz page', () => {
  it("names the rulebook's retention period and legal basis, the same the deletion keeps to", () => {
    render(<DatenschutzPage />);
    const section = screen.getByText(/Aufbewahren müssen wir nur abgeschlossene Auszahlungen/);
    expect(section).toHaveTextContent(`${RETENTION.bookingVoucherYears} Jahre ab Ende des Jahres der Auszahlung`);
    expect(section).toHaveTextContent(RETENTION.bookingVoucherBasis);
    expect(DATENSCHUTZ_TEXT).not.toContain('{{');
    // Every period the retention jobs keep to is named.
    for (const line of [
      `nach ${RETENTION.unverifiedAccountDays} Tagen`,
      `${RETENTION.mailContentDays} Tage nach dem Versand`,
      `${RETENTION.rejectedSubmissionDays} Tage nach der Prüfung`,
      `nach ${RETENTION.generatedFileDays} Tagen`,
      `nach ${RETENTION.consentYears} Jahren`,
      `Server-Protokolle nach ${RETENTION.requestLogDays} Tagen, Sicherungskopien nach ${RETENTION.backupDays} Tagen`,
    ])
      expect(DATENSCHUTZ_TEXT).toContain(line);
    // The deletion's date for a payment on 2 March 2026: the end of the year, plus the same years.
    expect(keepBookingVoucherUntil('2026-03-02')).toBe(`${2026 + RETENTION.bookingVoucherYears}-12-31`);
  });
});
