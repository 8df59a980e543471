-- The statement every signed-in request runs, as a function: PL/pgSQL keeps the plans of the
-- statements in its body for the life of the connection, so the seven-table join with its
-- data-modifying WITH is parsed and planned once per connection instead of on every request
-- (PGlite, one connection, plans it once per process). It reads the session of `p_id_hash`,
-- its user joined to role and team, and the admin acting as them joined the same way, and
-- moves the idle timer of a live session last seen at or before `p_seen_before` (only when
-- `p_touch`). The SELECT sees the row as it was before the touch, as the expiry checks need.
-- Nothing is kept between calls but the plan: every call reads the rows as they are now.
CREATE FUNCTION session_with_people(
  p_id_hash text,
  p_now timestamptz,
  p_touch boolean,
  p_seen_before timestamptz,
  p_idle_before timestamptz
) RETURNS TABLE (
  id_hash text, user_id uuid, business_unit text, created_at timestamptz,
  last_seen_at timestamptz, expires_at timestamptz, ended_at timestamptz,
  acting_admin_id uuid, switch_expires_at timestamptz,
  u_id uuid, u_email text, u_first_name text, u_last_name text, u_name text, u_image text,
  u_team_id uuid, u_role_id uuid, u_role_name text, u_built_in text, u_permissions jsonb,
  u_team_business_unit text, u_team_name text, u_team_plan_id text, u_team_user_limit integer,
  u_team_account_limit integer, u_team_addons jsonb, u_team_referral_partner_key text,
  u_team_created_at timestamptz, u_team_plan_status text, u_team_trial_ends_at timestamptz,
  adm_id uuid, adm_email text, adm_first_name text, adm_last_name text, adm_name text,
  adm_image text, adm_team_id uuid, adm_role_id uuid, adm_role_name text, adm_built_in text,
  adm_permissions jsonb, adm_team_business_unit text, adm_team_name text,
  adm_team_plan_id text, adm_team_user_limit integer, adm_team_account_limit integer,
  adm_team_addons jsonb, adm_team_referral_partner_key text, adm_team_created_at timestamptz,
  adm_team_plan_status text, adm_team_trial_ends_at timestamptz
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH touched AS (
    UPDATE sessions SET last_seen_at = p_now
    WHERE p_touch AND sessions.id_hash = p_id_hash AND sessions.ended_at IS NULL
      AND sessions.last_seen_at <= p_seen_before AND sessions.last_seen_at > p_idle_before
      AND sessions.expires_at > p_now
      AND (sessions.switch_expires_at IS NULL OR sessions.switch_expires_at > p_now)
    RETURNING sessions.id_hash
  )
  SELECT s.id_hash, s.user_id, s.business_unit, s.created_at, s.last_seen_at, s.expires_at,
    s.ended_at, s.acting_admin_id, s.switch_expires_at,
    u.id, u.email, u.first_name, u.last_name, u.name, u.image, u.team_id, u.role_id,
    ur.name, ur.built_in, ur.permissions, ut.business_unit, ut.name, ut.plan_id,
    ut.user_limit, ut.account_limit, ut.addons, ut.referral_partner_key, ut.created_at,
    ut.plan_status, ut.trial_ends_at,
    adm.id, adm.email, adm.first_name, adm.last_name, adm.name, adm.image, adm.team_id,
    adm.role_id, admr.name, admr.built_in, admr.permissions, admt.business_unit, admt.name,
    admt.plan_id, admt.user_limit, admt.account_limit, admt.addons, admt.referral_partner_key,
    admt.created_at, admt.plan_status, admt.trial_ends_at
  FROM sessions s
  LEFT JOIN (users u
    JOIN roles ur ON ur.id = u.role_id AND ur.team_id = u.team_id
    JOIN teams ut ON ut.id = u.team_id) ON u.id = s.user_id
  LEFT JOIN (users adm
    JOIN roles admr ON admr.id = adm.role_id AND admr.team_id = adm.team_id
    JOIN teams admt ON admt.id = adm.team_id) ON adm.id = s.acting_admin_id
  WHERE s.id_hash = p_id_hash;
END
$$;
