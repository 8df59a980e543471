import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS, SUPER_ADMIN_ROLE, hasPermissions } from './permissions.ts';

describe('hasPermissions: every listed permission, and no map means no access', () => {
  it('passes when every listed permission is present and true', () => {
    expect(hasPermissions({ edit_billing: true, edit_team: true }, ['edit_billing'])).toBe(true);
    expect(
      hasPermissions({ edit_billing: true, edit_team: true }, ['edit_billing', 'edit_team']),
    ).toBe(true);
  });
  it('fails when one is false or absent', () => {
    expect(hasPermissions({ edit_billing: false }, ['edit_billing'])).toBe(false);
    expect(hasPermissions({ edit_team: true }, ['edit_billing'])).toBe(false);
  });
  it('treats an empty or missing map as no access, even when nothing is required', () => {
    expect(hasPermissions({}, [])).toBe(false);
    expect(hasPermissions(undefined, [])).toBe(false);
    expect(hasPermissions(null, ['edit_billing'])).toBe(false);
  });
});

describe('default roles', () => {
  it('give the Super Admin every permission', () => {
    const superAdmin = DEFAULT_ROLES.find((role) => role.name === SUPER_ADMIN_ROLE);
    expect(superAdmin && hasPermissions(superAdmin.permissions, PERMISSIONS)).toBe(true);
  });
  it('keep billing to the Super Admin', () => {
    const others = DEFAULT_ROLES.filter((role) => role.name !== SUPER_ADMIN_ROLE);
    expect(others.some((role) => role.permissions.edit_billing)).toBe(false);
  });
});
