declare module 'norway-postal-codes' {
  /** Postal code → place name, as in Bring's register. */
  const postalCodes: Record<string, string>;
  export default postalCodes;
}
