import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  berlinDayMoment,
  campaignFactProblems,
  campaignInForce,
  campaignPhase,
  campaignTextProblems,
  fillPlaceholders,
  frozenChanges,
  PLACEHOLDER_NAMES,
  unknownPlaceholders,
  type CampaignFactsInput,
  type CampaignTexts,
} from './campaigns';

const C2025: CampaignFactsInput = {
  name: 'NORA Cashback-Aktion',
  year: 2025,
  codePrefix: 'NORA',
  threshold: 500,
  reward: 50,
  campaignStart: '2025-05-14 22:00:00.000Z',
  campaignEnd: '2025-10-31 22:59:59.999Z',
  redeemStart: '2025-07-14 22:00:00.000Z',
  redeemEnd: '2025-11-30 22:59:59.999Z',
  invoiceDateCutoff: '2025-10-31 22:59:59.999Z',
  drawRegistrationDeadline: '2025-08-01 21:59:59.999Z',
  contactEmail: 'cashback@nora-aktion.de',
};
const C2026: CampaignFactsInput = {
  ...C2025,
  name: 'NORA Cashback-Aktion 2026',
  year: 2026,
  campaignStart: '2026-01-31 23:00:00.000Z',
  campaignEnd: '2026-10-31 22:59:59.999Z',
  redeemStart: '2026-03-31 22:00:00.000Z',
  redeemEnd: '2026-11-30 22:59:59.999Z',
  invoiceDateCutoff: '2026-10-31 22:59:59.999Z',
  drawRegistrationDeadline: '2026-05-31 21:59:59.999Z',
};
const TEXTS: CampaignTexts = {
  headline: 'Wir schrauben am Preis!',
  teaser: 'Je {{schwelle}} Einkauf {{cashback}} zurück, bis {{einloesen_bis}}.',
  terms: '## Aktion\n\nFür je {{schwelle}} erhalten Sie {{cashback}}.',
  faq: [{ question: 'Bis wann?', answer: 'Bis zum {{einloesen_bis}}.' }],
  partsGroups: [{ code: 'BR01', name: 'Bremsbeläge Vorderachse' }],
};

describe('placeholders', () => {
  it('fill every named fact in German form, Berlin days included', () => {
    expect(fillPlaceholders(TEXTS.teaser, C2025)).toBe('Je 500\u00a0€ Einkauf 50\u00a0€ zurück, bis 30.11.2025.');
    expect(fillPlaceholders('{{ start }} – {{ende}}, {{verlosung_bis}}', C2025)).toBe('15.05.2025 – 31.10.2025, 01.08.2025');
    expect(fillPlaceholders('{{cashback}}', { ...C2025, reward: 49.9 })).toBe('49,90\u00a0€');
    for (const name of PLACEHOLDER_NAMES) expect(fillPlaceholders(`{{${name}}}`, C2025)).not.toContain('{{');
  });

  it('name the unknown ones once, and leave them as written', () => {
    expect(unknownPlaceholders('{{schwele}} {{cashback}} {{schwele}} {{}} {{constructor}}')).toEqual(['schwele', '', 'constructor']);
    expect(fillPlaceholders('{{schwele}}', C2025)).toBe('{{schwele}}');
  });

  it('leave any text without braces as it is', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{')),
        (s) => fillPlaceholders(s, C2025) === s,
      ),
    );
  });
});

describe('facts', () => {
  it('2025 and 2026 side by side are fine', () => {
    expect(campaignFactProblems(C2025, [])).toEqual({});
    expect(campaignFactProblems(C2026, [C2025])).toEqual({});
  });

  it('dates in order, amounts positive with two decimals, threshold above reward, prefix, e-mail', () => {
    expect(campaignFactProblems({ ...C2026, campaignEnd: C2026.campaignStart })).toMatchObject({
      campaignEnd: 'Das Aktionsende muss nach dem Aktionsbeginn liegen.',
    });
    expect(campaignFactProblems({ ...C2026, redeemEnd: '2026-10-01 10:00:00.000Z' }).redeemEnd).toBe(
      'Der Einlösezeitraum darf nicht vor dem Aktionsende enden.',
    );
    expect(campaignFactProblems({ ...C2026, redeemStart: '2025-12-01 10:00:00.000Z' }).redeemStart).toBe(
      'Der Einlösezeitraum beginnt im Aktionszeitraum.',
    );
    expect(campaignFactProblems({ ...C2026, invoiceDateCutoff: '2027-01-01 10:00:00.000Z' }).invoiceDateCutoff).toBeTruthy();
    expect(campaignFactProblems({ ...C2026, drawRegistrationDeadline: '2026-12-01 10:00:00.000Z' }).drawRegistrationDeadline).toBeTruthy();
    for (const bad of [0, -5, 10.001, 1e9, Number.NaN]) expect(campaignFactProblems({ ...C2026, reward: bad }).reward).toBeTruthy();
    expect(campaignFactProblems({ ...C2026, reward: 49.99 })).toEqual({});
    expect(campaignFactProblems({ ...C2026, reward: 500 }).threshold).toBe('Die Schwelle muss über dem Cashback liegen.');
    expect(campaignFactProblems({ ...C2026, codePrefix: 'nora' }).codePrefix).toBeTruthy();
    expect(campaignFactProblems({ ...C2026, contactEmail: 'kein-postfach' }).contactEmail).toBeTruthy();
    expect(campaignFactProblems({ ...C2026, campaignStart: 'morgen' }).campaignStart).toBe('Bitte ein gültiges Datum angeben.');
  });

  it('two campaign periods never overlap, and a year has one campaign', () => {
    const overlapping = { ...C2026, campaignStart: '2025-10-31 10:00:00.000Z' };
    expect(campaignFactProblems(overlapping, [C2025]).campaignStart).toBe(
      'Der Aktionszeitraum überschneidet sich mit „NORA Cashback-Aktion“. Zwei Aktionen dürfen sich nicht überschneiden.',
    );
    expect(campaignFactProblems({ ...C2026, year: 2025 }, [C2025]).year).toBe('Das Jahr hat schon „NORA Cashback-Aktion“.');
  });
});

describe('texts', () => {
  it('an unknown placeholder is a field error naming it and the allowed ones', () => {
    expect(campaignTextProblems(TEXTS)).toEqual({});
    const errors = campaignTextProblems({ ...TEXTS, terms: 'Je {{schwele}}', faq: [{ question: 'Wie?', answer: '{{betrag}}' }] });
    expect(errors.terms).toMatch(/^Unbekannter Platzhalter \{\{schwele\}\}\. Erlaubt sind: \{\{aktion\}\}, /);
    expect(errors.faq).toMatch(/^Unbekannter Platzhalter \{\{betrag\}\}/);
  });

  it('limits: empty texts, a question without answer, too many groups', () => {
    expect(campaignTextProblems({ ...TEXTS, headline: ' ' }).headline).toBe('Überschrift der Startseite ist erforderlich.');
    expect(campaignTextProblems({ ...TEXTS, faq: [{ question: 'Frage', answer: '' }] }).faq).toBeTruthy();
    expect(campaignTextProblems({ ...TEXTS, partsGroups: Array(501).fill({ code: 'A', name: 'B' }) }).partsGroups).toBe(
      'Höchstens 500 Teilegruppen.',
    );
    expect(campaignTextProblems({ ...TEXTS, terms: 'x'.repeat(50_001) }).terms).toBe(
      'Aktionsbedingungen darf höchstens 50.000 Zeichen lang sein.',
    );
  });
});

describe('freezing and phases', () => {
  const during = Date.parse('2026-03-01T10:00:00Z');
  const before = Date.parse('2026-01-10T10:00:00Z');

  it('money facts freeze when the period begins; passed dates stay, no date goes into the past', () => {
    expect(frozenChanges(C2026, { ...C2026, reward: 60, codePrefix: 'NEU' }, before)).toEqual({});
    expect(frozenChanges(C2026, { ...C2026, reward: 60 }, during)).toEqual({
      reward: 'Cashback ist eingefroren: Der Aktionszeitraum hat begonnen.',
    });
    expect(frozenChanges(C2026, { ...C2026, campaignStart: '2026-02-15 23:00:00.000Z' }, during).campaignStart).toBe(
      'Aktionsbeginn ist schon vorbei und kann nicht mehr geändert werden.',
    );
    expect(frozenChanges(C2026, { ...C2026, campaignEnd: '2026-02-15 23:00:00.000Z' }, during).campaignEnd).toBe(
      'Aktionsende darf nicht in die Vergangenheit gelegt werden.',
    );
    expect(frozenChanges(C2026, { ...C2026, campaignEnd: '2026-11-15 22:59:59.999Z', name: 'Neu' }, during)).toEqual({});
  });

  it('phases on the clock, and the campaign in force', () => {
    const c25 = { ...C2025, status: 'released' };
    const c26 = { ...C2026, status: 'released' };
    expect(campaignPhase({ ...c26, status: 'draft' }, during)).toBe('draft');
    expect(campaignPhase(c26, before)).toBe('released');
    expect(campaignPhase(c26, during)).toBe('running');
    expect(campaignPhase(c25, during)).toBe('closed');
    expect(campaignPhase(c25, Date.parse('2025-11-15T10:00:00Z'))).toBe('redeeming');
    // 2025 redeems while 2026 has not begun: the next one (with its start date) is in force.
    expect(campaignInForce([c25, c26], Date.parse('2025-11-15T10:00:00Z'))).toBe(c26);
    expect(campaignInForce([c25, { ...c26, status: 'draft' }], Date.parse('2025-11-15T10:00:00Z'))).toBe(c25);
    expect(campaignInForce([c25, c26], during)).toBe(c26);
    expect(campaignInForce([c25, c26], Date.parse('2027-06-01T10:00:00Z'))).toBe(c26);
    expect(campaignInForce([], during)).toBeNull();
  });
});

describe('a Berlin day as a stored moment', () => {
  it('starts at midnight and ends at its last millisecond, in winter and summer time', () => {
    expect(berlinDayMoment('2026-02-01', false)).toBe('2026-01-31 23:00:00.000Z');
    expect(berlinDayMoment('2025-10-31', true)).toBe('2025-10-31 22:59:59.999Z');
    expect(berlinDayMoment('2025-08-01', true)).toBe('2025-08-01 21:59:59.999Z');
    expect(berlinDayMoment('31.10.2025', true)).toBe('');
  });
});
