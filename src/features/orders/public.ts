// The orders feature's public face: the one file other features may import.
export { OrdersList } from './components/OrdersList';
