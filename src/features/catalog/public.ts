// The catalog feature's public face: the one file other features may import.
export { selectSearchText } from './catalogSlice';
export { searchPath } from './filterUrl';
