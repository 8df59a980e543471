import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Login to CallRail"
        onClose={() => setOpen(false)}
        footer={<button type="submit">Login with CallRail</button>}
      >
        <label>
          API key <input />
        </label>
      </Dialog>
    </>
  );
}

describe('dialog', () => {
  it('is a labelled modal that keeps Tab inside and closes on Escape, restoring focus', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Login to CallRail' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = screen.getByRole('button', { name: 'Close dialog' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'API key' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Login with CallRail' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Login with CallRail' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
