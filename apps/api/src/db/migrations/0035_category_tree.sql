-- Categories form a tree (docs/decisions/0038-category-tree.md): any depth, ordered among siblings
-- by sort_order. Deleting a category moves its children up to its parent in the service; ON DELETE
-- SET NULL only keeps a child whose parent went some other way (a raw DELETE) as a top-level one.
ALTER TABLE categories ADD COLUMN parent_id uuid REFERENCES categories(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE categories ADD CONSTRAINT categories_not_own_parent CHECK (parent_id IS DISTINCT FROM id);--> statement-breakpoint
CREATE INDEX categories_parent_sort_idx ON categories (parent_id, sort_order);--> statement-breakpoint
-- No cycles: a category may not move under itself or one of its descendants. The API refuses such a
-- move with a 400 first; this guards every other writer. Walking up from the new parent is as deep
-- as the tree, so it is cheap.
CREATE FUNCTION categories_no_cycle() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER categories_no_cycle BEFORE INSERT OR UPDATE OF parent_id ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_no_cycle();
