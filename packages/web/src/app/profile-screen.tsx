import { ProfilePage } from '@/features/auth/profile-page';
import { SavedProjectFilters } from '@/features/projects';

/** SPEC §2 /profile, composed with the project list's saved filters (the projects feature's own). */
export const ProfileScreen = () => <ProfilePage projectFilters={<SavedProjectFilters />} />;
