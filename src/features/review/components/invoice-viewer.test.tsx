import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DC_MESSAGES } from '@/lib/staff/files';

import { InvoiceViewer } from './invoice-viewer';

describe('the invoice viewer with an image', () => {
  it('starts at the viewer’s width and zooms in and out within its steps', async () => {
    render(<InvoiceViewer url="/rechnung.png" pdf={false} label="Rechnung r1" />);
    const image = screen.getByRole('img', { name: 'Rechnung r1' });
    fireEvent.load(image);
    const page = image.parentElement!;
    expect(page.style.width).toBe('100%');
    expect(screen.queryByText('Rechnung wird geladen...')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vergrößern' }));
    expect(page.style.width).toBe('125%');
    expect(screen.getByText('125 %')).toBeVisible();
    const smaller = screen.getByRole('button', { name: 'Verkleinern' });
    await userEvent.click(smaller);
    await userEvent.click(smaller);
    expect(page.style.width).toBe('75%');
    expect(smaller).toBeDisabled();
  });

  it('marks the fields read on the image, the one asked for stronger, in percent of the page', () => {
    render(
      <InvoiceViewer
        url="/rechnung.png"
        pdf={false}
        label="Rechnung r3"
        highlights={[
          { page: 1, box: [0.1, 0.2, 0.3, 0.25], label: 'Rechnungsnummer', active: true },
          { page: 1, box: [0.5, 0.6, 0.7, 0.65], label: 'Rechnungsdatum', active: false },
          { page: 2, box: [0.5, 0.6, 0.7, 0.65], label: 'Bruttobetrag', active: false },
        ]}
      />,
    );
    const page = screen.getByRole('img', { name: 'Rechnung r3' }).parentElement!;
    const marks = [...page.querySelectorAll<HTMLElement>('[data-highlight]')];
    expect(marks.map((m) => m.dataset.highlight)).toEqual(['Rechnungsnummer', 'Rechnungsdatum']);
    expect(marks[0]!.style.left).toBe('10%');
    expect(marks[0]!.style.top).toBe('20%');
    expect(parseFloat(marks[0]!.style.width)).toBeCloseTo(20);
    expect(marks[0]!.className).toContain('outline-amber-600');
    expect(marks[1]!.className).not.toContain('outline-amber-600');
  });

  it('says so when the image cannot be loaded', () => {
    render(<InvoiceViewer url="/fehlt.png" pdf={false} label="Rechnung r2" />);
    fireEvent.error(screen.getByRole('img', { name: 'Rechnung r2' }));
    expect(screen.getByText(DC_MESSAGES.imageFailed)).toBeVisible();
  });
});
