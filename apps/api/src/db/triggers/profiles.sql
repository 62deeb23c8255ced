CREATE TRIGGER profiles_notify_viewer AFTER DELETE OR UPDATE ON public.profiles
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_notify_viewer();
