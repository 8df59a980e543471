import { Badge } from '../../../components/badge.tsx';
import { Icon } from '../../../components/icon.tsx';

/**
 * Invitations and roles arrive with a later release. Saying so plainly beats buttons that do
 * nothing.
 */
export function MembersComingSoon() {
  return (
    <section className="card card-padded coming-soon-card" aria-labelledby="invite-soon-title">
      <div className="card-heading">
        <h2 id="invite-soon-title" className="card-title">
          Invitations &amp; roles
        </h2>
        <Badge tone="primary">Coming soon</Badge>
      </div>
      <ul className="feature-list">
        <li>
          <Icon name="userPlus" size={16} />
          <span>Invite teammates by email and see pending invitations.</span>
        </li>
        <li>
          <Icon name="shield" size={16} />
          <span>Create roles and choose what each role may do.</span>
        </li>
        <li>
          <Icon name="users" size={16} />
          <span>Change a member&apos;s role or remove them from the team.</span>
        </li>
      </ul>
    </section>
  );
}
