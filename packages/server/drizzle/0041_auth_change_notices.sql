-- Every change that can end a session or change what it may do notifies `karm_auth_changes` on
-- commit, so each instance drops the sessions it remembers (modules/auth/session-cache.ts): a session
-- revoked or its expiry moved, a user deactivated or deleted, a membership changed or removed, a
-- company's role permissions changed. Row triggers only fire for the columns that matter (a session's
-- last use is written every minute and must not empty every instance's memory); PostgreSQL sends one
-- notice per transaction however many rows fire it.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('karm_auth_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
  EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_change AFTER UPDATE OR DELETE ON memberships FOR EACH ROW
  EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_change AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
