/**
 * Rules of a user account as an administrator sets it up (SPEC §3 admin form).
 *
 * Usernames are 2–50 letters, digits, dots, dashes or underscores. No spaces, and no "@": sign-in
 * takes a username or an e-mail address in one field, so a username must never look like (and so
 * never equal) somebody's e-mail address.
 */
export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 50;
const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

export const isValidUsername = (username: string) =>
  username.length >= USERNAME_MIN_LENGTH &&
  username.length <= USERNAME_MAX_LENGTH &&
  USERNAME_PATTERN.test(username);

/**
 * Whether the date of employment (YYYY-MM-DD) lies before the date of birth: nobody is employed
 * before they are born. Either date missing: nothing to compare.
 */
export const isEmployedBeforeBorn = (
  dateOfBirth: string | null | undefined,
  dateOfEmployment: string | null | undefined,
) => Boolean(dateOfBirth && dateOfEmployment && dateOfEmployment < dateOfBirth);
