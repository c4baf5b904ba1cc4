import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '@/rules';

import { ActionDialog, type PendingAction } from './action-dialog';

function action(run: PendingAction['run']): PendingAction {
  return {
    title: 'Kundennummer korrigieren',
    description: 'Verknüpfung mit Autoteile Nord.',
    fields: [{ name: 'customerNumber', label: 'Kundennummer', value: 'KD1' }],
    run,
    done: 'Die Verknüpfung wurde korrigiert.',
  };
}

describe('the back office’s action dialog', () => {
  it('runs nothing without a reason, and says so in the rulebook’s words', async () => {
    const run = vi.fn();
    render(<ActionDialog action={action(run)} onClose={() => {}} onDone={async () => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ausführen' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.reasonRequired);
    expect(run).not.toHaveBeenCalled();
  });

  it('runs the action with the reason on one line and the changed fields, then reports it done', async () => {
    const run = vi.fn().mockResolvedValue({});
    const onDone = vi.fn().mockResolvedValue(undefined);
    render(<ActionDialog action={action(run)} onClose={() => {}} onDone={onDone} />);
    const field = screen.getByLabelText('Kundennummer');
    await userEvent.clear(field);
    await userEvent.type(field, 'KD2');
    // A pasted line break would split the staff log's line: it becomes a space.
    await userEvent.type(screen.getByLabelText('Grund *'), 'Anruf{Enter}vom Servicecenter');
    await userEvent.click(screen.getByRole('button', { name: 'Ausführen' }));
    expect(run).toHaveBeenCalledWith('Anruf vom Servicecenter', { customerNumber: 'KD2' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal and stays open', async () => {
    const run = vi.fn().mockRejectedValue(new Error('Nur Buchstaben und Zahlen sind erlaubt'));
    const onDone = vi.fn();
    render(<ActionDialog action={action(run)} onClose={() => {}} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Grund *'), 'Tippfehler');
    await userEvent.click(screen.getByRole('button', { name: 'Ausführen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nur Buchstaben und Zahlen sind erlaubt');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
