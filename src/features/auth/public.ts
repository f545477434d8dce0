// The auth feature's public face: the one file other features may import.
export {
  authModalOpened,
  selectIsAuthenticated,
  selectIsStaff,
  selectRole,
  selectToken,
  selectUserEmail,
  selectUserId,
} from './authSlice';
export { useLogout } from './useLogout';
export { lockedOutMinutes } from './authErrors';
