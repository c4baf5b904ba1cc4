import Markdown from 'react-markdown';

import { RETENTION } from '@/rules/privacy';

import source from '../content/datenschutz.md?raw';
import { LegalPage } from './legal-page';

/**
 * The notice with the periods the deletion keeps to, from the rulebook (issue 37): the text and
 * the server's retained records cannot name different periods.
 */
export const DATENSCHUTZ_TEXT = source.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
  key in RETENTION ? String(RETENTION[key as keyof typeof RETENTION]) : whole,
);

/** The privacy notice, written in markdown and rendered here (SPEC sections 2 and 9). */
export function DatenschutzPage() {
  return (
    <LegalPage>
      <Markdown>{DATENSCHUTZ_TEXT}</Markdown>
    </LegalPage>
  );
}
