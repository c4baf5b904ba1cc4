// Text in a SEPA payment file (issue 31, DECISIONS section 8): the EPC's basic Latin character
// set (EPC217-08, SEPA requirements for an extended character set, section 1.4):
// a-z A-Z 0-9 / - ? : ( ) . , ' + and space. German umlauts and ß are spelled out as the German
// banks' own conversion does (Ä → Ae, ß → ss), other Latin letters lose their accents (é → e)
// or are spelled as they are read (Æ → AE, Ø → O, Ł → L), typographic quotes and dashes become
// their plain forms, '&' becomes '+'. A character with no such rule (Cyrillic, Greek, CJK, '@',
// emoji …) is not guessed at: the field is refused and the message names the characters.

import { MESSAGES } from './messages';

/** The EPC basic Latin set, as a test of a whole text. */
export const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Letters and signs NFD does not take apart, spelled the way the banks' conversion tables spell them. */
const SPELLED: Record<string, string> = {
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  Ŀ: 'L',
  ŀ: 'l',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  '&': '+',
  '\u2019': "'",
  '\u2018': "'",
  '\u201a': "'",
  '\u201b': "'",
  '`': "'",
  '\u00b4': "'",
  '"': "'",
  '\u201c': "'",
  '\u201d': "'",
  '\u201e': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u00a0': ' ',
  _: '-',
};

/**
 * A text converted to the SEPA set, and the characters that have no rule (each once, in the
 * order they first appear). Runs of spaces become one; the ends are trimmed.
 */
export function toSepaText(value: string | null | undefined): { text: string; refused: string[] } {
  const refused: string[] = [];
  let out = '';
  for (const ch of String(value ?? '').normalize('NFC')) {
    if (SEPA_TEXT.test(ch)) {
      out += ch;
      continue;
    }
    const spelled = SPELLED[ch];
    if (spelled !== undefined) {
      out += spelled;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    // A Latin letter with accents: its base letter, when every remaining part is in the set.
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (base && base !== ch && SEPA_TEXT.test(base)) {
      out += base;
      continue;
    }
    if (!refused.includes(ch)) refused.push(ch);
  }
  return { text: out.replace(/ +/g, ' ').trim(), refused };
}

/** The text as it goes into a payment file: in the SEPA set, characters without a rule dropped, cut to `max`. */
export function sepaText(value: string | null | undefined, max: number): string {
  return toSepaText(value).text.slice(0, max).trim();
}

/** Why a name cannot go into a SEPA payment file, or null. */
export function sepaNameProblem(value: string | null | undefined): string | null {
  const { text, refused } = toSepaText(value);
  if (refused.length > 0) {
    const shown = refused
      .slice(0, 5)
      .map((ch) => `„${ch}“`)
      .join(', ');
    return MESSAGES.sepaCharacters(shown);
  }
  return text ? null : MESSAGES.sepaEmpty;
}
