// Calendar days in Berlin in real time (decision 035: payouts run on the bank's real calendar,
// whatever the campaign clock says), for tests that send or expect such days.

const berlin = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Berlin plus `offset` days, YYYY-MM-DD. */
export function berlinDay(offset = 0): string {
  return berlin.format(new Date(Date.now() + offset * 86_400_000));
}

/** YYYY-MM-DD as dd.mm.yyyy. */
export function germanDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}
