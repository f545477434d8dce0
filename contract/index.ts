// Every endpoint map, by area, in the order docs/api-contract.md lists them.
import { Accounts } from './accounts';
import { Addresses } from './addresses';
import { Admin } from './admin';
import { Cart } from './cart';
import { CatalogueCsv } from './catalogueImport';
import { Catalog } from './catalog';
import { CatalogPages } from './catalogSearch';
import type { Endpoint } from './common';
import { Content } from './content';
import { Coupons } from './coupons';
import { System } from './dev';
import { Orders } from './orders';
import { Payments } from './payments';
import { Profile } from './profile';
import { SecondFactor } from './secondFactor';
import { Shipping } from './shipping';
import { Wishlist } from './wishlist';

export interface Area {
  title: string;
  /** The area in the published document's operationIds (`backOfficeOrders`): camelCase, unique. */
  name: string;
  /** One line for the published document's tag. */
  description: string;
  endpoints: Record<string, Endpoint>;
}

export const AREAS: readonly Area[] = [
  {
    title: 'Accounts',
    name: 'accounts',
    description: 'Registration, e-mail codes, sign-in and sign-out, password reset.',
    endpoints: Accounts,
  },
  {
    title: 'Profile',
    name: 'profile',
    description: "The signed-in shopper's own account.",
    endpoints: Profile,
  },
  {
    title: 'Catalogue',
    name: 'catalogue',
    description: 'Categories, products and their reviews.',
    endpoints: Catalog,
  },
  {
    title: 'Catalogue, a page at a time',
    name: 'cataloguePages',
    description: 'Search, suggestions and the pages the shop shows, a page at a time.',
    endpoints: CatalogPages,
  },
  {
    title: 'Coupons',
    name: 'coupons',
    description: 'Coupons a shopper may use, and applying one to a cart.',
    endpoints: Coupons,
  },
  { title: 'Cart', name: 'cart', description: "A signed-in shopper's cart and a guest's.", endpoints: Cart },
  {
    title: 'Wishlist',
    name: 'wishlist',
    description: "A signed-in shopper's favourites.",
    endpoints: Wishlist,
  },
  {
    title: 'Addresses',
    name: 'addresses',
    description: "A signed-in shopper's saved delivery addresses.",
    endpoints: Addresses,
  },
  {
    title: 'Shipping',
    name: 'shipping',
    description: 'Countries, governorates and areas the shop delivers to.',
    endpoints: Shipping,
  },
  {
    title: 'Orders',
    name: 'orders',
    description: "Checkout (signed in and guest) and a shopper's orders.",
    endpoints: Orders,
  },
  {
    title: 'Payments',
    name: 'payments',
    description: 'Paying an order through the gateway, and its status.',
    endpoints: Payments,
  },
  {
    title: 'Content',
    name: 'content',
    description: "The shop's pages: sliders, about, policies.",
    endpoints: Content,
  },
  {
    title: 'Back office',
    name: 'backOffice',
    description: 'Staff: orders, reviews, products, coupons and staff roles.',
    endpoints: Admin,
  },
  {
    title: 'Back office: second factor',
    name: 'secondFactor',
    description: 'Staff and owner: the authenticator app, recovery codes, the sign-in’s second step.',
    endpoints: SecondFactor,
  },
  {
    title: 'Back office: catalogue CSV',
    name: 'catalogueCsv',
    description: 'Staff: importing and exporting the catalogue as Shopify-style CSV.',
    endpoints: CatalogueCsv,
  },
  {
    title: 'System',
    name: 'system',
    description: "Health, and the development server's helpers.",
    endpoints: System,
  },
];
