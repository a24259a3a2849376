-- The session behind a token hash, with the member's role: asked on every socket event and REST
-- request. A plpgsql function keeps the plan of its query for the connection's life, so the join is
-- planned once instead of on every call (on PGlite 0.26 ms a call instead of 0.7 ms: the planning
-- of a three-table join outweighs running it). Whether the session is still live (expiry, idle time)
-- is decided by the caller with the injected clock.
CREATE FUNCTION live_session(p_token_hash text)
RETURNS TABLE (
  session_id uuid,
  user_id uuid,
  company_id uuid,
  role text,
  expires_at timestamptz,
  last_seen_at timestamptz
) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.user_id, s.company_id, m.role, s.expires_at, s.last_seen_at
    FROM sessions s
    JOIN memberships m ON m.user_id = s.user_id AND m.company_id = s.company_id
    JOIN users u ON u.id = s.user_id AND u.is_active
    WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL;
END
$$;
