// Governorates and areas as the API contract gives them (docs/api-contract.md, Shop).
export interface Governorate {
  id: number;
  name_ar: string;
  name_en: string;
  areas_count: number;
}

export interface Area {
  id: number;
  name_ar: string;
  name_en: string;
  /** in the currency asked for (KWD when none was asked) */
  shipping_price: number;
}
