CREATE TRIGGER users_notify_viewer AFTER DELETE OR UPDATE ON public.users
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_notify_viewer();
