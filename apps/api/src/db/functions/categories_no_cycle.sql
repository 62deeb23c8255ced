-- No cycles: a category may not move under itself or one of its descendants. The API refuses such a
-- move with a 400 first; this guards every other writer. Walking up from the new parent is as deep
-- as the tree, so it is cheap.
CREATE OR REPLACE FUNCTION public.categories_no_cycle()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM categories WHERE id = NEW.parent_id
      UNION
      SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
    ) SELECT 1 FROM up WHERE id = NEW.id
  ) THEN
    RAISE EXCEPTION 'category % cannot move under its own descendant', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'categories_no_cycle';
  END IF;
  RETURN NEW;
END $function$;
