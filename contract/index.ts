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
import { Shipping } from './shipping';
import { Wishlist } from './wishlist';

export interface Area {
  title: string;
  endpoints: Record<string, Endpoint>;
}

export const AREAS: readonly Area[] = [
  { title: 'Accounts', endpoints: Accounts },
  { title: 'Profile', endpoints: Profile },
  { title: 'Catalogue', endpoints: Catalog },
  { title: 'Catalogue, a page at a time', endpoints: CatalogPages },
  { title: 'Coupons', endpoints: Coupons },
  { title: 'Cart', endpoints: Cart },
  { title: 'Wishlist', endpoints: Wishlist },
  { title: 'Addresses', endpoints: Addresses },
  { title: 'Shipping', endpoints: Shipping },
  { title: 'Orders', endpoints: Orders },
  { title: 'Payments', endpoints: Payments },
  { title: 'Content', endpoints: Content },
  { title: 'Back office', endpoints: Admin },
  { title: 'Back office: catalogue CSV', endpoints: CatalogueCsv },
  { title: 'System', endpoints: System },
];
