import { describe, expect, it } from 'vitest';

import { fieldsOf, wordsOf } from '../scripts/reader/fields.mjs';
import { kindOf } from '../scripts/reader/files.mjs';
import type { Page } from '../scripts/reader/layout.mjs';
import { rows } from '../scripts/reader/ocr.mjs';
import { jpegDeclaring, pngDeclaring } from './helpers/images';

// Issue 61: what the reader takes from an invoice's lines, whichever way they were read. Pages are
// written here as recognition gives them: words with a confidence and a box.

/** A page of lines, each word 0.05 wide, lines 0.03 apart; `conf` per word by its text. */
function page(lines: string[], conf: Record<string, number> = {}): Page {
  return {
    width: 1000,
    height: 1400,
    kind: 'ocr',
    lines: lines.map((line, row) => ({
      words: line
        .split(' ')
        .filter(Boolean)
        .map((text, i) => ({
          text,
          confidence: conf[text] ?? 95,
          box: [i * 0.06, row * 0.03, i * 0.06 + 0.05, row * 0.03 + 0.02] as [number, number, number, number],
        })),
    })),
  };
}

const WORKSHOP = { shopName: 'Kfz-Werkstatt Schmidt', centres: [{ name: 'Autoteile Müller GmbH', customerNumber: '482211' }] };

describe('the fields of an invoice', () => {
  it('date, number, totals, seller and buyer with their confidence and place', () => {
    const fields = fieldsOf(
      [
        page(
          [
            'Autoteile Muller GmbH',
            'Kfz-Werkstatt Schmidt',
            'Lieferdatum: 01.03.2026',
            'Rechnungsnummer: RE-2026-004711',
            'Rechnungsdatum: 14.03.2026',
            'Nettobetrag 1.459,34',
            'MwSt 19 % 277,27',
            'Gesamtbetrag 1.736,61 EUR',
          ],
          { 'RE-2026-004711': 62 },
        ),
      ],
      WORKSHOP,
    );
    expect(fields.invoiceDate).toMatchObject({ value: '2026-03-14', confidence: 95, page: 1 });
    expect(fields.invoiceNumber).toMatchObject({ value: 'RE-2026-004711', confidence: 62 });
    expect(fields.gross?.value).toBe('1736.61');
    expect(fields.net?.value).toBe('1459.34');
    // 'Muller' for 'Müller': one letter's slip is still the centre.
    expect(fields.seller).toMatchObject({ value: 'Autoteile Müller GmbH', match: true });
    expect(fields.buyer).toMatchObject({ value: 'Kfz-Werkstatt Schmidt', match: true });
    expect(fields.gross?.box?.[1]).toBeCloseTo(0.21);
  });

  it('a seller that is none of the centres is the letterhead, not matched; the buyer by customer number alone', () => {
    const fields = fieldsOf(
      [page(['Teile Fremd KG', 'Kunde 482211', 'Rechnung Nr. 4711 vom 02.09.2025', 'Summe netto 100,00', 'Rechnungsbetrag 119,00'])],
      WORKSHOP,
    );
    expect(fields.seller).toMatchObject({ value: 'Teile Fremd KG', match: false });
    expect(fields.buyer).toMatchObject({ match: true });
    expect(fields.invoiceDate?.value).toBe('2025-09-02');
    expect(fields.gross?.value).toBe('119.00');
  });

  it('leaves out what is not there: no amount after a label, no date, no buyer', () => {
    const fields = fieldsOf([page(['Irgendein Blatt', 'Gesamtbetrag folgt', 'Netto'])], WORKSHOP);
    expect(fields.invoiceDate).toBeUndefined();
    expect(fields.invoiceNumber).toBeUndefined();
    expect(fields.gross).toBeUndefined();
    expect(fields.buyer).toMatchObject({ value: '', confidence: 0, match: false });
  });

  it('spells names alike for matching', () => {
    expect(wordsOf('Autoteile Müller & Söhne GmbH, Straße 5')).toEqual(['autoteile', 'mueller', 'soehne', 'gmbh', 'strasse', '5']);
  });
});

describe('recognised lines side by side', () => {
  it('a label in one block and its amount in another, on one row, become one line; rows top to bottom', () => {
    const word = (text: string, x: number, y: number) => ({
      text,
      confidence: 90,
      box: [x, y, x + 0.1, y + 0.02] as [number, number, number, number],
    });
    const joined = rows([
      { words: [word('1.736,61', 0.7, 0.501)] },
      { words: [word('Gesamtbetrag', 0.3, 0.5)] },
      { words: [word('Kopf', 0.1, 0.1)] },
    ]);
    expect(joined.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['Kopf', 'Gesamtbetrag 1.736,61']);
  });
});

describe('what a file is, from its first bytes', () => {
  it('PDF, PNG and JPEG with their pixel size from the header; anything else unknown', () => {
    expect(kindOf(Buffer.from('%PDF-1.7\n...'))).toEqual({ type: 'pdf' });
    expect(kindOf(pngDeclaring(8000, 5000))).toEqual({ type: 'png', width: 8000, height: 5000 });
    expect(kindOf(jpegDeclaring(4000, 3000, 500))).toEqual({ type: 'jpeg', width: 4000, height: 3000 });
    expect(kindOf(Buffer.from([0xff, 0xd8, 0xff]))).toEqual({ type: 'unknown' });
    expect(kindOf(Buffer.from('GIF89a'))).toEqual({ type: 'unknown' });
  });
});
