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
    expect(image.style.width).toBe('100%');
    expect(screen.queryByText('Rechnung wird geladen...')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vergrößern' }));
    expect(image.style.width).toBe('125%');
    expect(screen.getByText('125 %')).toBeVisible();
    const smaller = screen.getByRole('button', { name: 'Verkleinern' });
    await userEvent.click(smaller);
    await userEvent.click(smaller);
    expect(image.style.width).toBe('75%');
    expect(smaller).toBeDisabled();
  });

  it('says so when the image cannot be loaded', () => {
    render(<InvoiceViewer url="/fehlt.png" pdf={false} label="Rechnung r2" />);
    fireEvent.error(screen.getByRole('img', { name: 'Rechnung r2' }));
    expect(screen.getByText(DC_MESSAGES.imageFailed)).toBeVisible();
  });
});
