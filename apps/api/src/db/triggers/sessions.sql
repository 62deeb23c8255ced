CREATE TRIGGER sessions_notify_viewer AFTER DELETE OR UPDATE ON public.sessions
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_notify_viewer();
