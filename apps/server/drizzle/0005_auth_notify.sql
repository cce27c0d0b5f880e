-- Session cache invalidation (docs/decisions/0019, Authentication): every change to what a cached
-- session holds sends pg_notify('selvedge_auth', <user id>) at commit; each server instance LISTENs
-- and drops that user's cached sessions. Triggers rather than notices sent by the code, so that no
-- write path (master data, password reset, a manual SQL fix) can forget one. Payload '*' (TRUNCATE)
-- drops every cached session.

-- Sessions and assignment rows carry user_id: any change notifies the old and the new user.
CREATE FUNCTION selvedge_auth_notify_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('selvedge_auth', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('selvedge_auth', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Users: any change but sign-in bookkeeping (last_login, version) notifies: role, active, email,
-- name, password, and whatever a later release adds to the cached session.
CREATE FUNCTION selvedge_auth_notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR (to_jsonb(NEW) - 'last_login' - 'version') IS DISTINCT FROM (to_jsonb(OLD) - 'last_login' - 'version')
  THEN
    PERFORM pg_notify('selvedge_auth', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION selvedge_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('selvedge_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new session is in no cache: sessions notify on update (logout) and delete only.
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_user_id();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_users();
--> statement-breakpoint
CREATE TRIGGER user_customers_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_customers
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_user_id();
--> statement-breakpoint
CREATE TRIGGER user_vendors_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_vendors
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_user_id();
--> statement-breakpoint
CREATE TRIGGER user_factories_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_factories
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_user_id();
--> statement-breakpoint
CREATE TRIGGER user_regions_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_regions
  FOR EACH ROW EXECUTE FUNCTION selvedge_auth_notify_user_id();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER user_customers_auth_notify_truncate AFTER TRUNCATE ON user_customers
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER user_vendors_auth_notify_truncate AFTER TRUNCATE ON user_vendors
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER user_factories_auth_notify_truncate AFTER TRUNCATE ON user_factories
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER user_regions_auth_notify_truncate AFTER TRUNCATE ON user_regions
  FOR EACH STATEMENT EXECUTE FUNCTION selvedge_auth_notify_all();
