// @ts-check
// The shape every reading produces, whether from a PDF's text layer or from recognition: pages
// of lines of words, each word with its confidence (0–100) and its box as fractions of the page.

/**
 * @typedef {{ text: string, confidence: number, box: [number, number, number, number] }} Word
 * @typedef {{ words: Word[] }} Line
 * @typedef {{ width: number, height: number, lines: Line[], kind: 'text' | 'ocr' }} Page
 */

/** A line's text: its words with single spaces. */
/** @param {Line} line */
export const lineText = (line) => line.words.map((w) => w.text).join(' ');

/** Every page's lines as text, pages apart by an empty line. */
/** @param {Page[]} pages */
export const fullText = (pages) => pages.map((p) => p.lines.map(lineText).join('\n')).join('\n\n');

/**
 * The box around some words (fractions of the page).
 * @param {Word[]} words
 * @returns {[number, number, number, number]}
 */
export function boxAround(words) {
  return [
    Math.min(...words.map((w) => w.box[0])),
    Math.min(...words.map((w) => w.box[1])),
    Math.max(...words.map((w) => w.box[2])),
    Math.max(...words.map((w) => w.box[3])),
  ];
}
