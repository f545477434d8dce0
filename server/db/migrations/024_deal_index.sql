-- Home's "today's deals" (issue 48): the deepest discounts first. Without an index in that order the list read and
-- sorted every discounted product, ~90 ms at 100 000 products (30 000 discounted) for each render of the home page;
-- with it, the first dozen entries of the index. Partial: only products on sale are in it, as the list asks.
CREATE INDEX products_deal_idx ON products (((price - discounted_price) / price) DESC, id)
  WHERE discounted_price IS NOT NULL AND discounted_price < price;
