import type { Person, TeamUser } from '@gds/contract';

/** How a member is named on screen: their name, else their email. */
export function displayName(user: Pick<TeamUser, 'name' | 'firstName' | 'lastName' | 'email'>) {
  return (
    user.name.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
  );
}

/** Who did something: their name, else their email; null is nobody the team knows. */
export function personName(person: Person | null): string {
  return person ? person.name.trim() || person.email : '';
}
