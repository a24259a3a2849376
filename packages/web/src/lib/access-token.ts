/**
 * The signed-in session's access token, kept in memory for the transport layer (HTTP and socket).
 * The auth store owns it and persists it encrypted; this module only lets transports read it
 * without importing React state.
 */
let accessToken: string | null = null;

export const getAccessToken = () => accessToken;
export const setAccessToken = (token: string | null) => {
  accessToken = token;
};
