import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './dropdown-menu.tsx';

function renderMenu() {
  const onLogOut = vi.fn();
  const onHelp = vi.fn();
  render(
    <>
      <DropdownMenu
        trigger={<span>ann@acme.test</span>}
        menuLabel="Account"
        items={[
          { label: 'Help', onSelect: onHelp },
          { label: 'Log Out', onSelect: onLogOut },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onLogOut, onHelp, trigger: screen.getByRole('button', { name: 'ann@acme.test' }) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('dropdown menu', () => {
  it('opens from the keyboard on the first item, moves with arrows, and selects with Enter', async () => {
    const { onLogOut, trigger } = renderMenu();
    const user = userEvent.setup();
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{ArrowDown}');

    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onLogOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { trigger, onHelp, onLogOut } = renderMenu();
    const user = userEvent.setup();
    await user.click(trigger);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(onHelp).not.toHaveBeenCalled();
    expect(onLogOut).not.toHaveBeenCalled();
  });

  it('closes on a click outside', async () => {
    const { trigger } = renderMenu();
    const user = userEvent.setup();
    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves to the item whose label starts with the letters typed', async () => {
    const { trigger, onHelp, onLogOut } = renderMenu();
    const user = userEvent.setup();
    await user.click(trigger);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus());
    await user.keyboard('lo');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
    // After a pause the letters typed start a new search.
    await pause(600);
    await user.keyboard('h');
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus();
    await pause(600);
    await user.keyboard('z');
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(onHelp).not.toHaveBeenCalled();
    expect(onLogOut).not.toHaveBeenCalled();
  });

  it('holds only items in the menu: the header (who is signed in) stands above it', async () => {
    render(
      <DropdownMenu
        trigger={<span>Ann</span>}
        menuLabel="Account"
        header={<span>Ann Smith, Admin</span>}
        items={[{ label: 'Help' }, { label: 'Log Out' }]}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ann' }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(screen.getByText('Ann Smith, Admin')).toBeVisible();
    expect(menu).not.toHaveTextContent('Ann Smith, Admin');
    expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual([
      'menuitem',
      'menuitem',
    ]);
  });
});
