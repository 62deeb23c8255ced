-- The storefront language an account was opened in: its account emails (confirmation, welcome,
-- password reset) are written in it. Accounts from before are English, as their emails were.
ALTER TABLE profiles ADD COLUMN locale text NOT NULL DEFAULT 'en';
