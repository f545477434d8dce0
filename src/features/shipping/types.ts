// Governorates and areas: wire shapes from the contract (types only: nothing of it reaches the bundle).
export type { Area, Governorate } from '../../../contract/shipping';
