-- Mails for an order's life (issue 49, told). Each order keeps the language its shopper ordered in, so every later
-- mail about it speaks that language. Orders from before: Arabic when their address was chosen in Arabic (the
-- checkout stores the governorate's name in the page's language), English otherwise.
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar'));
UPDATE orders SET language = 'ar' WHERE governorate_name ~ '[؀-ۿ]';

-- A mail's HTML part beside its plain text (null: a plain-text message, as the codes are).
ALTER TABLE outbox ADD COLUMN html text;

-- Staff told by mail of each paid order and each review waiting for approval: switched on per person by the owner.
ALTER TABLE users ADD COLUMN staff_notifications boolean NOT NULL DEFAULT false;
