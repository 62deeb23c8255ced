-- Roles an admin makes from permissions ("Fulfilment": orders read and fulfil), beside the built-in
-- staff, manager and admin presets. A member holding one keeps `staff` as their role.
CREATE TABLE staff_roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_roles_name_idx ON staff_roles (lower(name));
--> statement-breakpoint
ALTER TABLE profiles ADD COLUMN staff_role_id uuid REFERENCES staff_roles (id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX profiles_staff_role_idx ON profiles (staff_role_id) WHERE staff_role_id IS NOT NULL;
