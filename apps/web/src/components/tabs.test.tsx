import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

type Section = 'members' | 'roles' | 'activity';

function Harness({ dir }: { dir?: 'ltr' | 'rtl' }) {
  const [section, setSection] = useState<Section>('members');
  return (
    <div dir={dir}>
      <Tabs
        label="Team sections"
        tabs={[
          { value: 'members', label: 'Members' },
          { value: 'roles', label: 'Roles' },
          { value: 'activity', label: 'Activity' },
        ]}
        value={section}
        onChange={setSection}
      >
        <p>{section} panel</p>
      </Tabs>
    </div>
  );
}

describe('tabs', () => {
  it('is a labelled tab list whose arrows, Home and End move and select, wrapping around', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByRole('tablist', { name: 'Team sections' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const roles = screen.getByRole('tab', { name: 'Roles' });
    expect(roles).toHaveFocus();
    expect(roles).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Roles' })).toHaveTextContent('roles panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the Tab order; Tab goes on into the panel's content.
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('tabindex', '-1');
  });

  it('follows the reading direction: in right-to-left text ArrowLeft goes to the next tab', async () => {
    render(<Harness dir="rtl" />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveFocus();
  });
});
