-- Whatever deletes a user (a service, a script, an operator's psql), every instance hears of it
-- and refuses that user's access tokens at once. The payload is what announceRevocation() sends
-- for an ended account (src/server/auth/revocation.ts).
CREATE FUNCTION announce_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth', json_build_object('type', 'user', 'userId', OLD.id, 'version', OLD.token_version + 1, 'ended', true)::text);
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_announce_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION announce_user_deleted();
