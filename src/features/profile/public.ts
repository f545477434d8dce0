// The profile feature's public face: the one file other features may import.
// ProfileLayout: the profile area's side menu around a page (`<ProfileLayout title=…>page</ProfileLayout>`).
export { ProfileLayout } from './components/ProfileLayout';
