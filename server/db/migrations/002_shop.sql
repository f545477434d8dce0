-- Shop: catalog, content, carts, wishlists, addresses, orders, reviews, payments.
-- Money is numeric(12,3): KWD has three decimals and rounding must be exact.

CREATE TABLE currency_rates (
  currency_code text PRIMARY KEY,
  -- how many units of this currency one KWD buys
  rate_per_kwd numeric(14, 6) NOT NULL CHECK (rate_per_kwd > 0),
  decimals integer NOT NULL DEFAULT 2,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE countries (
  id serial PRIMARY KEY,
  name_en text NOT NULL,
  name_ar text NOT NULL,
  iso2 text NOT NULL UNIQUE,
  iso3 text NOT NULL UNIQUE,
  dial_code text NOT NULL,
  currency_code text NOT NULL REFERENCES currency_rates (currency_code),
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE governorates (
  id serial PRIMARY KEY,
  name_en text NOT NULL UNIQUE,
  name_ar text NOT NULL UNIQUE,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE areas (
  id serial PRIMARY KEY,
  governorate_id integer NOT NULL REFERENCES governorates (id) ON DELETE CASCADE,
  name_en text NOT NULL,
  name_ar text NOT NULL,
  shipping_price numeric(12, 3) NOT NULL DEFAULT 0 CHECK (shipping_price >= 0),
  UNIQUE (governorate_id, name_en),
  UNIQUE (governorate_id, name_ar)
);
CREATE INDEX areas_governorate_idx ON areas (governorate_id);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  name_en text NOT NULL UNIQUE,
  name_ar text NOT NULL UNIQUE,
  image text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  name_en text NOT NULL,
  name_ar text NOT NULL,
  description_en text NOT NULL DEFAULT '',
  description_ar text NOT NULL DEFAULT '',
  price numeric(12, 3) NOT NULL CHECK (price >= 0),
  discounted_price numeric(12, 3) CHECK (discounted_price IS NULL OR (discounted_price >= 0 AND discounted_price < price)),
  brand text NOT NULL DEFAULT '',
  collection_en text NOT NULL DEFAULT '',
  collection_ar text NOT NULL DEFAULT '',
  rating numeric(2, 1) NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
  stock_quantity integer NOT NULL DEFAULT 0,
  stock_warning_en text,
  stock_warning_ar text,
  offer boolean NOT NULL DEFAULT false,
  sale boolean NOT NULL DEFAULT false,
  sold_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_sold_idx ON products (sold_count DESC);

CREATE TABLE product_images (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  image text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product_idx ON product_images (product_id, position);

-- size and colour choices of a product (the contract's sub_attributes)
CREATE TABLE product_attribute_values (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('size', 'color')),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (product_id, kind, name_en)
);
CREATE INDEX product_attribute_values_product_idx ON product_attribute_values (product_id, kind, position);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  user_name text NOT NULL,
  rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('approved', 'pending')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_product_idx ON reviews (product_id);

CREATE TABLE coupons (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  discount numeric(5, 2) NOT NULL CHECK (discount > 0 AND discount <= 100),
  is_active boolean NOT NULL DEFAULT true,
  end_date date NOT NULL
);

CREATE TABLE sliders (
  id serial PRIMARY KEY,
  title_en text NOT NULL,
  title_ar text NOT NULL,
  image text NOT NULL,
  image2 text NOT NULL,
  status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE abouts (
  id serial PRIMARY KEY,
  title_en text NOT NULL,
  title_ar text NOT NULL,
  body_en text NOT NULL,
  body_ar text NOT NULL,
  image text
);

-- refund policy and privacy policy pages
CREATE TABLE content_pages (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('privacy', 'refund')),
  title_en text NOT NULL,
  title_ar text NOT NULL,
  content_en text NOT NULL,
  content_ar text NOT NULL
);

CREATE TABLE shippings (
  id serial PRIMARY KEY,
  details_en text NOT NULL,
  details_ar text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A guest cart is identified by a random token; only its SHA-256 is stored.
CREATE TABLE guest_carts (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  guest_cart_id integer REFERENCES guest_carts (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity >= 1),
  size_value_id integer REFERENCES product_attribute_values (id) ON DELETE CASCADE,
  color_value_id integer REFERENCES product_attribute_values (id) ON DELETE CASCADE,
  currency text NOT NULL DEFAULT 'KWD',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (guest_cart_id IS NULL))
);
-- one line per owner + product + size + colour; a second add raises the quantity
CREATE UNIQUE INDEX cart_items_line_uidx ON cart_items (
  COALESCE(user_id, 0), COALESCE(guest_cart_id, 0), product_id, COALESCE(size_value_id, 0), COALESCE(color_value_id, 0)
);
CREATE INDEX cart_items_user_idx ON cart_items (user_id);
CREATE INDEX cart_items_guest_idx ON cart_items (guest_cart_id);

CREATE TABLE wishlists (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id)
);

CREATE TABLE addresses (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  address text NOT NULL,
  apartment_number text NOT NULL,
  city text NOT NULL,
  mobile_number text NOT NULL,
  code_number text NOT NULL DEFAULT '+965',
  country_code text NOT NULL DEFAULT 'KWT',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  guest_cart_id integer REFERENCES guest_carts (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'completed', 'canceled', 'failed')),
  currency text NOT NULL DEFAULT 'KWD',
  governorate_name text NOT NULL,
  area_name text NOT NULL,
  address text NOT NULL,
  payment_method text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  contact_country_code text NOT NULL,
  coupon_code text,
  coupon_discount numeric(5, 2) NOT NULL DEFAULT 0,
  subtotal numeric(12, 3) NOT NULL,
  discount_amount numeric(12, 3) NOT NULL DEFAULT 0,
  shipping_cost numeric(12, 3) NOT NULL DEFAULT 0,
  total_price numeric(12, 3) NOT NULL,
  -- what the client claimed, kept for audit only; never charged
  client_total_price text,
  client_shipping_cost text,
  request_fingerprint text UNIQUE,
  payment_id text UNIQUE,
  payment_url text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer REFERENCES products (id) ON DELETE SET NULL,
  product_name_en text NOT NULL,
  product_name_ar text NOT NULL,
  size text,
  color text,
  quantity integer NOT NULL CHECK (quantity >= 1),
  unit_price numeric(12, 3) NOT NULL,
  total_price numeric(12, 3) NOT NULL
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE INDEX order_items_product_idx ON order_items (product_id);

-- Payments created by the built-in sandbox gateway (a real gateway keeps this state on its side).
CREATE TABLE sandbox_payments (
  payment_id text PRIMARY KEY,
  invoice_id text NOT NULL UNIQUE,
  order_id integer,
  amount numeric(12, 3) NOT NULL,
  currency text NOT NULL,
  payment_method_id integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
