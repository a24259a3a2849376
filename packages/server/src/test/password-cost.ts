import { setPasswordCostForTests } from '../platform/auth/passwords';
import { THROWAWAY_PASSWORD_COST } from './test-passwords';

// Before each server test file: passwords set in tests are hashed at the throwaway cost (see
// setPasswordCostForTests). passwords.test.ts sets the full cost for its own checks.
setPasswordCostForTests(THROWAWAY_PASSWORD_COST);
