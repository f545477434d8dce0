// The favorites feature's public face: the one file other features may import.
export { FavoriteHeart } from './components/FavoriteHeart';
export { selectIsFavorite, selectFavoriteBusy } from './favoritesSlice';
export { useFavoriteToggle, useFavoriteToggleFor } from './useFavoriteToggle';
export { favoritesSnapshot } from './favoritesSnapshot';
