-- The language each account last used the shop in (issue 49, told): set at sign-in and by the back office's own
-- requests, so a staff member's notices speak it. Null until the account next signs in or opens the back office:
-- their notices stay in English, as they were before.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'ar'));
