import { Link } from 'react-router';
import { countOf } from '../../../lib/counts.ts';
import { ROUTES } from '../../../lib/routes.ts';
import type { Seats } from '../api/team-users.ts';

/**
 * "N of M users": members plus pending invitations against the plan's limit, since an
 * invitation holds its seat until it is accepted, revoked or expires. When every seat is
 * taken it says where more come from: Billing for those who may change it, else who to ask.
 */
export function SeatMeter({ seats, canBill }: { seats: Seats; canBill: boolean }) {
  const used = seats.members + seats.pendingInvitations;
  const full = used >= seats.limit;
  const percent = seats.limit > 0 ? Math.min(100, Math.round((used / seats.limit) * 100)) : 100;
  const text = `${used.toLocaleString('en-US')} of ${seats.limit.toLocaleString('en-US')} users`;
  return (
    <div className={`seats${full ? ' seats-full' : ''}`} data-testid="seat-meter">
      <div className="seats-text">
        <span data-testid="seat-count">{text}</span>
        {seats.pendingInvitations > 0 && (
          <span className="seats-detail">
            {countOf(seats.members, 'member')} ·{' '}
            {countOf(seats.pendingInvitations, 'pending invitation')}
          </span>
        )}
      </div>
      <div
        className="meter"
        role="meter"
        aria-label="Seats used"
        aria-valuemin={0}
        aria-valuemax={seats.limit}
        aria-valuenow={Math.min(used, Math.max(seats.limit, 0))}
        aria-valuetext={text}
      >
        <span className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
      {full && (
        <p className="seats-hint" data-testid="seats-full-hint">
          Every seat is taken.{' '}
          {canBill ? (
            <>
              Add seats in <Link to={ROUTES.Billing.path}>Billing</Link> to invite more people.
            </>
          ) : (
            'To invite more people, ask someone who manages billing to add seats.'
          )}
        </p>
      )}
    </div>
  );
}
