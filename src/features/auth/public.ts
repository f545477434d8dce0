// The auth feature's public face: the one file other features may import.
export {
  authModalOpened,
  selectIsAuthenticated,
  selectToken,
  selectUserEmail,
  selectUserId,
} from './authSlice';
export { useLogout } from './useLogout';
export {
  PASSWORD_ALLOWED,
  PASSWORD_MIN,
  PASSWORD_STRONG,
  PHONE_NUMBER_MAX,
  PHONE_NUMBER_MIN,
} from './schemas';
