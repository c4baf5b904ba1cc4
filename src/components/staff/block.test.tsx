import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Outcome, Pager } from './block';

describe('Pager', () => {
  it('is not there for a list of one page', () => {
    const { container } = render(<Pager label="Seiten" page={1} totalPages={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says where the list stands and turns the page, not past either end', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager label="Seiten der Liste" page={1} totalPages={3} onPage={onPage} extra="42 E-Mails" />);
    const nav = screen.getByRole('navigation', { name: 'Seiten der Liste' });
    expect(nav).toHaveTextContent('Seite 1 von 3 (42 E-Mails)');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager label="Seiten der Liste" page={3} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});

describe('Outcome', () => {
  it('shows the notice and the refusal, and nothing without them', () => {
    const { container, rerender } = render(<Outcome notice={null} error={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Outcome notice="Gespeichert." error="Nicht erlaubt." />);
    expect(screen.getByText('Gespeichert.')).toBeVisible();
    expect(screen.getByText('Nicht erlaubt.')).toBeVisible();
  });
});
