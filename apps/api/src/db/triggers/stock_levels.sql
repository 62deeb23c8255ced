-- History of every move, and the sellable total kept in step (decision 0095).
CREATE TRIGGER stock_levels_moved_insert AFTER INSERT ON public.stock_levels
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_stock_level_moved();

CREATE TRIGGER stock_levels_moved_update AFTER UPDATE OF on_hand ON public.stock_levels
  FOR EACH ROW
  WHEN ((old.on_hand <> new.on_hand))
  EXECUTE FUNCTION cartwheel_stock_level_moved();
